-- OIDC accounts (docs/design/0026-oidc.md)
ALTER TABLE "User" ADD COLUMN "origin" TEXT NOT NULL DEFAULT 'local';
ALTER TABLE "User" ADD COLUMN "groups" TEXT;
