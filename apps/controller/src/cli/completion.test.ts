// The completion scripts as the shells read them: syntax checked by each shell that is
// installed (bash always is), and bash's answers for a few command lines, by calling the
// completion function the way bash does (COMP_WORDS/COMP_CWORD), in a real bash.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { bashScript, fishScript, zshScript } from './completion';

const dir = mkdtempSync(join(tmpdir(), 'opstudio-completion-'));
const has = (shell: string): boolean => spawnSync('sh', ['-c', `command -v ${shell}`]).status === 0;

function file(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

describe('the scripts parse', () => {
  test('bash -n', () => {
    const r = spawnSync('bash', ['-n', file('opstudio.bash', bashScript())], { encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
  });
  test('zsh -n', { skip: has('zsh') ? false : 'zsh is not installed' }, () => {
    const r = spawnSync('zsh', ['-n', file('opstudio.zsh', zshScript())], { encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
  });
  test('fish --no-execute', { skip: has('fish') ? false : 'fish is not installed' }, () => {
    const r = spawnSync('fish', ['--no-execute', file('opstudio.fish', fishScript())], { encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
  });
});

/** What bash offers for `line` (the cursor at its end), one word per entry, sorted. */
function bashComplete(line: string): string[] {
  const script = file('complete.bash', bashScript());
  const words = line.split(' ');
  const r = spawnSync(
    'bash',
    [
      '-c',
      `source "$0"; COMP_WORDS=("$@"); COMP_CWORD=$((\${#COMP_WORDS[@]} - 1)); _opstudio; printf '%s\\n' "\${COMPREPLY[@]}"`,
      script,
      ...words,
    ],
    { encoding: 'utf8', cwd: dir, env: { ...process.env, PATH: '/usr/bin:/bin' } },
  );
  assert.equal(r.status, 0, r.stderr);
  return r.stdout
    .split('\n')
    .filter((w) => w !== '')
    .sort();
}

describe('bash completes from the command specs', () => {
  const cases: [string, string[]][] = [
    ['opstudio sa', ['sample', 'sandbox']],
    ['opstudio sandbox ', ['down', 'kubeconfig', 'reset', 'status', 'up']],
    ['opstudio sandbox --profile test st', ['status']],
    ['opstudio sandbox status --profile ', ['bench', 'dev', 'test']],
    ['opstudio validate -o ', ['json', 'yaml']],
    ['opstudio get -o ', ['json', 'wide', 'yaml']],
    ['opstudio get --a', ['--all-namespaces']],
    ['opstudio admin --role v', ['viewer']],
    ['opstudio history --', ['--context', '--help', '--kubeconfig', '--limit', '--namespace', '--output', '--watch']],
    ['opstudio completion ', ['bash', 'fish', 'zsh']],
  ];
  for (const [line, expected] of cases)
    test(JSON.stringify(line), () => assert.deepEqual(bashComplete(line), expected));

  test('file arguments complete files: `opstudio validate <TAB>`', () => {
    writeFileSync(join(dir, 'memcached.design.yaml'), '');
    assert.ok(bashComplete('opstudio validate mem').includes('memcached.design.yaml'));
  });
});

test(
  'fish completes from the same specs (complete -C)',
  { skip: has('fish') ? false : 'fish is not installed' },
  () => {
    const script = file('opstudio.fish', fishScript());
    const ask = (line: string): string[] => {
      const r = spawnSync('fish', ['-c', `source ${script}; complete -C'${line}'`], { encoding: 'utf8', cwd: dir });
      assert.equal(r.status, 0, r.stderr);
      return r.stdout
        .split('\n')
        .filter((l) => l !== '')
        .map((l) => l.split('\t')[0]!)
        .sort();
    };
    assert.deepEqual(ask('opstudio sandbox '), ['down', 'kubeconfig', 'reset', 'status', 'up']);
    assert.deepEqual(ask('opstudio get -o '), ['json', 'wide', 'yaml']);
    assert.deepEqual(ask('opstudio sa'), ['sample', 'sandbox']);
  },
);
