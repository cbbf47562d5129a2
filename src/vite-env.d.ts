/// <reference types="vite/client" />

// A language's catalogue, compiled by the build when imported (build/lingui.ts).
declare module '*.po' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}
