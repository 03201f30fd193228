// bin/opstudio.js imports this, compiled (apps/controller/dist/fresh.mjs), before anything else:
// whether the controller's compiled build is current, answered once at import (fresh.ts), and
// if not, why (the image test prints it).
import { controllerBuildChange } from './fresh';

export const controllerBuildStale = controllerBuildChange();
export const controllerBuildCurrent: boolean = controllerBuildStale === undefined;
