import assert from 'node:assert/strict';
import { test } from 'node:test';
import { helpText, parseArgv, parseFlags, parseOrExit, UsageError, type CommandSpec } from './args';
import { COMMAND_SPECS } from './commands';

const spec: CommandSpec = {
  name: 'demo',
  summary: 'a demo',
  positionals: [{ name: 'file' }, { name: 'more', optional: true }],
  flags: [
    { name: 'output', short: 'o', value: '<format>', choices: ['json', 'yaml'], help: 'format' },
    { name: 'name', value: '<name>', help: 'a name' },
    { name: 'force', short: 'f', help: 'a switch' },
  ],
};

test('values (--x v, --x=v, -o v, -o=v, -ov), switches, positionals in any order, - and --', () => {
  const cases: [string[], Record<string, string | true>, string[]][] = [
    [['a', '--name', 'n', '-f'], { name: 'n', force: true }, ['a']],
    [['--name=x=y', 'a', 'b'], { name: 'x=y' }, ['a', 'b']],
    [['-o', 'json', 'a'], { output: 'json' }, ['a']],
    [['-o=yaml', '-'], { output: 'yaml' }, ['-']],
    [['-ojson', 'a'], { output: 'json' }, ['a']],
    [['a', '--', '--name'], {}, ['a', '--name']],
  ];
  for (const [argv, values, positionals] of cases)
    assert.deepEqual(parseArgv(spec, argv), { values, positionals, help: false }, argv.join(' '));
});

test('errors are one line that names the fix', () => {
  const cases: [string[], RegExp][] = [
    [['a', '--nmae', 'x'], /^unknown option --nmae \(known: --output, --name, --force\): see `opstudio demo --help`$/],
    [['a', '-x'], /^unknown option -x \(known/],
    [['a', '--name'], /^--name needs a value <name>$/],
    [['a', '--name', '--force'], /^--name needs a value <name>$/],
    [['a', '-o', 'xml'], /^unknown output "xml": use one of json, yaml$/],
    [['a', '--force=yes'], /^--force takes no value/],
    [[], /^missing <file>: usage: opstudio demo <file> \[<more>\] \[options\]$/],
    [['a', 'b', 'c'], /^unexpected argument 'c': usage: opstudio demo/],
  ];
  for (const [argv, message] of cases) assert.throws(() => parseArgv(spec, argv), { message }, argv.join(' '));
  assert.throws(() => parseArgv(spec, ['--nope']), UsageError);
});

test('--help skips the positional check; parseOrExit prints help (0) or the error (2)', () => {
  assert.equal(parseArgv(spec, ['-h']).help, true);
  let out = '';
  let err = '';
  const io = { stdout: (t: string) => (out += t), stderr: (t: string) => (err += t) };
  assert.equal(parseOrExit(spec, ['--help'], io), 0);
  assert.equal(out, helpText(spec));
  assert.match(out, /^usage: opstudio demo <file> \[<more>\] \[options\]\na demo\n\noptions:\n/);
  assert.match(out, /^ {2}-o, --output json\|yaml +format$/m);
  assert.match(out, /^ {6}--name <name> +a name$/m);
  assert.equal(parseOrExit(spec, ['a', '--bad'], io), 2);
  assert.match(err, /^opstudio demo: unknown option --bad/);
});

test('the scripts form: long flags, no positionals, the same messages', () => {
  assert.deepEqual(parseFlags(['--stage', 'unit', '--only=cli'], { values: ['stage', 'only'], switches: [] }), {
    stage: 'unit',
    only: 'cli',
  });
  assert.deepEqual(parseFlags(['--dev'], { values: ['host'], switches: ['dev'] }), { dev: true });
  assert.throws(
    () => parseFlags(['--stgae', 'x'], { values: ['stage'], switches: [] }),
    /unknown option --stgae \(known: --stage\)/,
  );
  assert.throws(() => parseFlags(['unit'], { values: ['stage'], switches: [] }), /unexpected argument 'unit'/);
});

test('every command spec gives a help text, and no flag name or short letter repeats', () => {
  for (const c of COMMAND_SPECS) {
    assert.match(helpText(c), new RegExp(`^usage: opstudio ${c.name}`), c.name);
    const names = c.flags.map((f) => f.name);
    const shorts = c.flags.flatMap((f) => (f.short !== undefined ? [f.short] : []));
    assert.equal(new Set(names).size, names.length, c.name);
    assert.equal(new Set([...shorts, 'h']).size, shorts.length + 1, c.name);
  }
});
