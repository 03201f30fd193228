-- The contexts the studio installed a CRD in, started at boot (StudioCluster), and the cluster of an
-- audited change (AuditEntry.cluster); docs/design/0035-several-clusters.md.
-- AlterTable
ALTER TABLE "AuditEntry" ADD COLUMN     "cluster" TEXT;

-- CreateTable
CREATE TABLE "StudioCluster" (
    "context" TEXT NOT NULL,
    "firstInstall" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "StudioCluster_pkey" PRIMARY KEY ("context")
);

