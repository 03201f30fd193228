#!/usr/bin/env node
// The `opstudio` command. The CLI is TypeScript consumed as source (no build step),
// so register tsx's ESM loader first, then hand over to the CLI's entry point.
import { register } from 'tsx/esm/api';

register();
await import('../src/cli/main.ts');
