import { test } from 'node:test';
import assert from 'node:assert/strict';
import { inflateSync } from 'fflate';
import { checkEntryName, crc32, zipFiles, ZipError } from './zip';

/** Reads the central directory back: name → { content, mode, dosDate, dosTime }. */
function readZip(bytes: Uint8Array): Map<string, { text: string; mode: number; date: number; time: number }> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const end = bytes.length - 22;
  assert.equal(view.getUint32(end, true), 0x06054b50);
  const count = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  const out = new Map<string, { text: string; mode: number; date: number; time: number }>();
  for (let i = 0; i < count; i++) {
    assert.equal(view.getUint32(at, true), 0x02014b50);
    const nameLength = view.getUint16(at + 28, true);
    const name = new TextDecoder().decode(bytes.subarray(at + 46, at + 46 + nameLength));
    const local = view.getUint32(at + 42, true);
    const size = view.getUint32(at + 20, true);
    const dataAt = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    const data = inflateSync(bytes.subarray(dataAt, dataAt + size));
    assert.equal(crc32(data), view.getUint32(at + 16, true), `crc of ${name}`);
    out.set(name, {
      text: new TextDecoder().decode(data),
      mode: view.getUint32(at + 38, true) >>> 16,
      date: view.getUint16(at + 14, true),
      time: view.getUint16(at + 12, true),
    });
    at += 46 + nameLength;
  }
  return out;
}

test('crc32 matches the standard check value', () => {
  assert.equal(crc32(new TextEncoder().encode('123456789')), 0xcbf43926);
});

test('entries come back sorted, with fixed timestamps and mode 0644, whatever the insertion order', () => {
  const a = zipFiles(
    new Map([
      ['b/x.txt', 'bee'],
      ['a.txt', 'ay'],
      ['ü/ä.txt', 'umlaut'],
    ]),
    'p/',
  );
  const b = zipFiles(
    new Map([
      ['ü/ä.txt', 'umlaut'],
      ['a.txt', 'ay'],
      ['b/x.txt', 'bee'],
    ]),
    'p/',
  );
  assert.deepEqual(a, b);
  const entries = readZip(a);
  assert.deepEqual([...entries.keys()], ['p/a.txt', 'p/b/x.txt', 'p/ü/ä.txt']);
  assert.equal(entries.get('p/b/x.txt')?.text, 'bee');
  for (const e of entries.values()) {
    assert.equal(e.mode, 0o100644);
    assert.equal(e.date, (1 << 5) | 1);
    assert.equal(e.time, 0);
  }
});

test('names that could leave the archive are refused', () => {
  for (const bad of ['../x', '/etc/passwd', 'a/../../b', 'a\\b', 'a//b', './a', '', 'a/\u0000']) {
    assert.throws(() => checkEntryName(bad), ZipError, bad);
    assert.throws(() => zipFiles(new Map([[bad, 'x']])), ZipError, bad);
  }
  assert.equal(checkEntryName('.gitignore'), '.gitignore');
});
