import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { webInputsHash } from './web-build';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'opstudio-web-inputs-'));
after(() => fs.rmSync(root, { recursive: true, force: true }));
const write = (rel: string, text: string): void => {
  fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
  fs.writeFileSync(path.join(root, rel), text);
};

test("what next build writes leaves the inputs' hash alone; a source edit changes it", () => {
  write('apps/web/app/page.tsx', 'export default function Page() { return null; }\n');
  write('packages/shared/src/index.ts', 'export const x = 1;\n');
  write('package-lock.json', '{}\n');
  const before = webInputsHash(root);
  // a first `next build` on a fresh clone: its output folder and its generated type file
  write('apps/web/next-env.d.ts', '/// <reference types="next" />\n');
  write('apps/web/.next/BUILD_ID', 'abc\n');
  assert.equal(webInputsHash(root), before, 'a build after a build would not rebuild');
  write('apps/web/app/page.tsx', 'export default function Page() { return "x"; }\n');
  assert.notEqual(webInputsHash(root), before);
  write('apps/web/app/page.tsx', 'export default function Page() { return null; }\n');
  write('packages/shared/src/index.ts', 'export const x = 2;\n');
  assert.notEqual(webInputsHash(root), before);
});
