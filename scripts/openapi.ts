// Writes openapi/openapi.json and src/api/schema.d.ts from the server's route schemas.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { CONTRACT_FILES, renderContract } from '../server/openapi';

const { json, types } = await renderContract();
for (const [file, text] of [
  [CONTRACT_FILES.json, json],
  [CONTRACT_FILES.types, types],
] as const) {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
  console.log(`wrote ${file}`);
}
