// The field manager every studio write carries (server-side apply, create, merge patch), from
// the install service, the resources API and the reconcilers alike: one name, so an apply can
// tell a conflict with the studio's own earlier writes (resources/service.ts takes those over)
// from a conflict with another manager.
export const FIELD_MANAGER = 'operator-studio';
