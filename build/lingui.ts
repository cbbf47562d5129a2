// Build step: Lingui's macros (t`…`, msg`…`, <Trans>…</Trans>) on Vite 8. @vitejs/plugin-react 6
// no longer runs Babel, so this plugin runs Lingui's own Babel macro on the files that import a
// macro (and only those), before Vite strips the types. It then compiles each English message in
// place, with Lingui's own compiler: English needs no catalogue and no parser at run time, and
// its words travel with the screen that shows them (the first load carries only its own). Other
// languages come from their .po catalogue, compiled when a screen imports it (@lingui/vite-plugin).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { transformAsync, types as t, type PluginObj } from '@babel/core';
import linguiMacro from '@lingui/babel-plugin-lingui-macro';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { lingui as linguiCatalogues } from '@lingui/vite-plugin';
import { transform as stripTypes } from 'esbuild';
import type { Plugin } from 'vite';

const MACRO_IMPORT = /from\s+['"]@lingui\/(core|react)\/macro['"]/;

/** A message as Lingui's run time reads it from a compiled catalogue (always an array). */
const compiled = (message: string) => t.valueToNode(compileMessage(message));

/**
 * After the macro: `message: "Hello {name}"` in each message descriptor it wrote (marked with
 * an i18n comment, <Trans>'s props included) becomes the compiled message (`["Hello ", ["name"]]`),
 * which Lingui uses when the active catalogue has no entry for the id (English has none).
 */
function inlineEnglish(): PluginObj {
  const isDescriptor = (node: t.Node) => t.isObjectExpression(node) && (node.leadingComments ?? []).some((c) => c.value.trim() === 'i18n');
  return {
    name: 'lingui-inline-english',
    visitor: {
      ObjectProperty(path) {
        const { key, value } = path.node;
        if (t.isIdentifier(key, { name: 'message' }) && t.isStringLiteral(value) && isDescriptor(path.parentPath.node)) {
          path.node.value = compiled(value.value);
        }
      },
    },
  };
}

/** Runs the macro (and the English compile) on one module's source; null when it uses no macro. */
export async function transformMacros(code: string, filename: string): Promise<{ code: string; map: unknown } | null> {
  if (!MACRO_IMPORT.test(code)) return null;
  const result = await transformAsync(code, {
    filename,
    babelrc: false,
    configFile: false,
    sourceMaps: true,
    parserOpts: { plugins: filename.endsWith('.tsx') ? ['typescript', 'jsx'] : ['typescript'] },
    // The English words stay in the code (stripMessageField: false) for inlineEnglish to compile.
    plugins: [[linguiMacro, { stripMessageField: false }], inlineEnglish],
  });
  return result?.code ? { code: result.code, map: result.map } : null;
}

/** The Vite plugins: the macros on the app's modules, and the .po catalogues as modules. */
export function lingui(): Plugin[] {
  const macros: Plugin = {
    name: 'lingui-macros',
    enforce: 'pre',
    transform: {
      filter: { id: { include: /\.[cm]?[jt]sx?$/, exclude: /node_modules/ }, code: { include: MACRO_IMPORT } },
      async handler(code, id) {
        return (await transformMacros(code, id)) as { code: string; map: null } | null;
      },
    },
  };
  return [macros, ...(linguiCatalogues({ failOnCompileError: true }) as Plugin[])];
}

/**
 * Imports a module that uses the macros from Node (the build's prerendered pages draw the
 * header's links with the words the app uses): macros run, types stripped, then imported.
 */
export async function importWithMacros<T>(file: string): Promise<T> {
  const path = resolve(file);
  const { readFile } = await import('node:fs/promises');
  const source = await readFile(path, 'utf8');
  const withMacros = (await transformMacros(source, path))?.code ?? source;
  const { code } = await stripTypes(withMacros, { loader: path.endsWith('.tsx') ? 'tsx' : 'ts', format: 'esm' });
  const dir = mkdtempSync(join(tmpdir(), 'lingui-'));
  try {
    const out = join(dir, 'module.mjs');
    writeFileSync(out, code);
    return (await import(pathToFileURL(out).href)) as T;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
