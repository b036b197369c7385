package io.strata.core.snapshot;

import java.util.Map;

/**
 * One version of a table (FORMAT.md §3). Nullable fields are omitted from JSON when null.
 *
 * @param baseManifestList every manifest of the previous snapshot
 * @param deltaManifestList the changes of this commit
 */
public record Snapshot(
    int version,
    long id,
    long schemaId,
    String baseManifestList,
    Long baseManifestListSize,
    String deltaManifestList,
    Long deltaManifestListSize,
    String changelogManifestList,
    Long changelogManifestListSize,
    String indexManifest,
    String commitUser,
    long commitIdentifier,
    CommitKind commitKind,
    long timeMillis,
    Map<Integer, Long> logOffsets,
    Long totalRecordCount,
    Long deltaRecordCount,
    Long changelogRecordCount,
    Long watermark,
    String statistics,
    Map<String, String> properties,
    Long nextRowId) {

  public static final int CURRENT_VERSION = 3;

  /** The commit identifier of batch jobs. */
  public static final long BATCH_COMMIT_IDENTIFIER = Long.MAX_VALUE;
}
