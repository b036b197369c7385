package io.strata.core.snapshot;

import java.util.Map;

/**
 * One version of a table (FORMAT.md §3). Nullable fields are omitted from JSON when null.
 *
 * @param baseManifestList every manifest of the previous snapshot
 * @param deltaManifestList the changes of this commit
 * @param changelogManifestList the changelog files of this commit ({@code changelog-producer}
 *     {@code input}), or null
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

  /** This snapshot listing changelog files in manifest list {@code list} of {@code size} bytes. */
  public Snapshot withChangelog(String list, long size, long records) {
    return new Snapshot(
        version,
        id,
        schemaId,
        baseManifestList,
        baseManifestListSize,
        deltaManifestList,
        deltaManifestListSize,
        list,
        size,
        indexManifest,
        commitUser,
        commitIdentifier,
        commitKind,
        timeMillis,
        logOffsets,
        totalRecordCount,
        deltaRecordCount,
        records,
        watermark,
        statistics,
        properties,
        nextRowId);
  }
}
