// The field-path notation shared by the diff and the validators: `.spec.size`, array
// items as `[*]`, map values as `.*`, odd names quoted (`["my.field"]`), root `.`.
const SIMPLE_NAME = /^[A-Za-z_$][\w$-]*$/;

const base = (parent: string): string => (parent === '.' ? '' : parent);

export function childPath(parent: string, name: string): string {
  return SIMPLE_NAME.test(name) ? `${base(parent)}.${name}` : `${base(parent)}[${JSON.stringify(name)}]`;
}

export const itemsPath = (parent: string): string => `${base(parent)}[*]`;
export const mapValuesPath = (parent: string): string => `${base(parent)}.*`;
