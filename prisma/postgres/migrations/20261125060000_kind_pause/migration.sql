-- Pause the embedded controller per kind (docs/design/0030-hand-off.md)
-- CreateTable
CREATE TABLE "KindPause" (
    "crdName" TEXT NOT NULL,
    "pausedBy" TEXT NOT NULL,
    "pausedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "KindPause_pkey" PRIMARY KEY ("crdName")
);

