package io.strata.core.manifest;

/**
 * One record of a manifest list: a manifest file and the summary used to prune it. Bucket and level
 * bounds are null when unknown.
 */
public record ManifestFileMeta(
    String fileName,
    long fileSize,
    long numAddedFiles,
    long numDeletedFiles,
    SimpleStats partitionStats,
    long schemaId,
    Integer minBucket,
    Integer maxBucket,
    Integer minLevel,
    Integer maxLevel) {}
