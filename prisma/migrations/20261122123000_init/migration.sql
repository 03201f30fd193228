-- CreateTable
CREATE TABLE "Design" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "DesignVersion" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "designId" TEXT NOT NULL,
    "version" INTEGER NOT NULL,
    "yaml" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "DesignVersion_designId_fkey" FOREIGN KEY ("designId") REFERENCES "Design" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "ReconcileRun" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "controller" TEXT NOT NULL,
    "objectUid" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "namespace" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "generation" INTEGER,
    "designId" TEXT,
    "designVersion" INTEGER,
    "triggers" TEXT NOT NULL,
    "startedAt" DATETIME NOT NULL,
    "durationMs" INTEGER NOT NULL,
    "outcome" TEXT NOT NULL,
    "requeueAfterMs" INTEGER,
    "errorMessage" TEXT,
    "actions" TEXT NOT NULL,
    "conditions" TEXT NOT NULL
);

-- CreateIndex
CREATE UNIQUE INDEX "Design_name_key" ON "Design"("name");

-- CreateIndex
CREATE UNIQUE INDEX "DesignVersion_designId_version_key" ON "DesignVersion"("designId", "version");

-- CreateIndex
CREATE INDEX "ReconcileRun_objectUid_id_idx" ON "ReconcileRun"("objectUid", "id");

-- CreateIndex
CREATE INDEX "ReconcileRun_startedAt_idx" ON "ReconcileRun"("startedAt");

