// The scripts parse their flags with the CLI's parser (one parser for every command: docs/design/0028-cli.md).
export { parseFlags } from '../../apps/controller/src/cli/args';
