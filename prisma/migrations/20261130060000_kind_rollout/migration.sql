-- Rollouts of a design revision per kind and cluster (docs/design/0055-revisions-and-rollouts.md)
-- CreateTable
CREATE TABLE "KindRollout" (
    "clusterId" TEXT NOT NULL,
    "crdName" TEXT NOT NULL,
    "designId" TEXT NOT NULL,
    "state" TEXT NOT NULL,
    "startedBy" TEXT NOT NULL,
    "startedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,

    PRIMARY KEY ("clusterId", "crdName")
);
