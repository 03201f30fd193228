-- Pause the embedded controller per kind (docs/design/0030-hand-off.md)
-- CreateTable
CREATE TABLE "KindPause" (
    "crdName" TEXT NOT NULL PRIMARY KEY,
    "pausedBy" TEXT NOT NULL,
    "pausedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

