-- Pauses and reconcile runs per cluster (docs/design/0035-several-clusters.md). Existing rows get
-- clusterId '' and are claimed by the default cluster at its first connect
-- (apps/controller/src/clusters/cluster-identity.ts), so an upgrade keeps its pauses and history.
-- AlterTable
ALTER TABLE "ReconcileRun" ADD COLUMN     "clusterId" TEXT NOT NULL DEFAULT '';

-- AlterTable
ALTER TABLE "KindPause" DROP CONSTRAINT "KindPause_pkey",
ADD COLUMN     "clusterId" TEXT NOT NULL DEFAULT '',
ADD CONSTRAINT "KindPause_pkey" PRIMARY KEY ("clusterId", "crdName");

-- CreateIndex
CREATE INDEX "ReconcileRun_clusterId_id_idx" ON "ReconcileRun"("clusterId", "id");

-- CreateIndex
CREATE INDEX "ReconcileRun_clusterId_outcome_id_idx" ON "ReconcileRun"("clusterId", "outcome", "id");

