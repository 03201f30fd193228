// From YAML text to a Design, or an InvalidInputError whose causes name the fields. Saving needs
// only a well-formed design (work in progress may still fail deeper checks); installing also needs
// the designer's full validation to pass, since the API server would refuse the rest anyway.
import { parseDesign } from '@opstudio/shared/design/io';
import type { Design } from '@opstudio/shared/design/schema';
import { validateDesign } from '@opstudio/shared/validate/design';
import { InvalidInputError } from '../errors';

export function parseDesignOrThrow(yaml: string, what = 'invalid design'): Design {
  const parsed = parseDesign(yaml);
  if (!parsed.ok)
    throw new InvalidInputError(
      `${what}; fix it and save again`,
      parsed.errors.map((e) => ({ field: e.path, message: e.message })),
    );
  return parsed.design;
}

export function validateForInstall(design: Design, label: string): void {
  const errors = validateDesign(design).filter((i) => i.severity === 'error');
  if (errors.length > 0) {
    throw new InvalidInputError(
      `${label} has validation errors; fix them before installing`,
      errors.map((e) => ({ field: e.path, message: e.message })),
    );
  }
}
