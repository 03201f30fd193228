-- Pauses and reconcile runs per cluster (docs/design/0035-several-clusters.md). Existing rows get
-- clusterId '' and are claimed by the default cluster at its first connect
-- (apps/controller/src/clusters/cluster-identity.ts), so an upgrade keeps its pauses and history.
-- ReconcileRun: the column is added in place (what `prisma migrate diff` writes copies the whole
-- history table into a new one; the result is the same table).
-- AlterTable
ALTER TABLE "ReconcileRun" ADD COLUMN "clusterId" TEXT NOT NULL DEFAULT '';

-- CreateIndex
CREATE INDEX "ReconcileRun_clusterId_id_idx" ON "ReconcileRun"("clusterId", "id");

-- CreateIndex
CREATE INDEX "ReconcileRun_clusterId_outcome_id_idx" ON "ReconcileRun"("clusterId", "outcome", "id");

-- RedefineTables (the primary key changes)
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_KindPause" (
    "clusterId" TEXT NOT NULL DEFAULT '',
    "crdName" TEXT NOT NULL,
    "pausedBy" TEXT NOT NULL,
    "pausedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,

    PRIMARY KEY ("clusterId", "crdName")
);
INSERT INTO "new_KindPause" ("crdName", "pausedAt", "pausedBy") SELECT "crdName", "pausedAt", "pausedBy" FROM "KindPause";
DROP TABLE "KindPause";
ALTER TABLE "new_KindPause" RENAME TO "KindPause";
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
