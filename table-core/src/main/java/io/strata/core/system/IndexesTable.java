package io.strata.core.system;

import io.strata.core.manifest.IndexFileMeta;
import io.strata.core.manifest.IndexManifestEntry;
import io.strata.core.options.TableOptions;
import io.strata.core.snapshot.Snapshot;
import io.strata.core.table.FileStoreTable;
import io.strata.core.types.DataField;
import io.strata.core.types.DataTypes;
import io.strata.core.types.RowType;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code t$table_indexes}: one row per live index file of a snapshot (deletion vectors and
 * dynamic-bucket hash indexes), as Paimon's table of that name shows them, with each deletion
 * vector's data file, offset, length and cardinality.
 */
final class IndexesTable implements SystemTable {

  private static final RowType RANGE =
      new RowType(
          List.of(
              new DataField(0, "f0", DataTypes.STRING().notNull()),
              new DataField(1, "f1", DataTypes.INT().notNull()),
              new DataField(2, "f2", DataTypes.INT().notNull()),
              new DataField(3, "_CARDINALITY", DataTypes.BIGINT())));

  private static final RowType TYPE =
      Fields.row(
          "partition",
          Fields.string(),
          "Partition as k=v/k2=v2 (null for unpartitioned tables).",
          "bucket",
          Fields.integer().notNull(),
          "Bucket of the index file.",
          "index_type",
          Fields.stringNotNull(),
          "DELETION_VECTORS or HASH.",
          "file_name",
          Fields.stringNotNull(),
          "File name under index/.",
          "file_size",
          Fields.bigintNotNull(),
          "File size in bytes.",
          "row_count",
          Fields.bigintNotNull(),
          "Vectors in a deletion-vector file; keys in a hash index.",
          "dv_ranges",
          DataTypes.ARRAY(RANGE),
          "Per data file with a vector: its name (f0), the vector's offset (f1), length (f2) and"
              + " deleted rows (_CARDINALITY); null for hash indexes.");

  @Override
  public String name() {
    return "table_indexes";
  }

  @Override
  public String description() {
    return "One row per index file of the snapshot: deletion vectors and hash indexes.";
  }

  @Override
  public RowType rowType() {
    return TYPE;
  }

  @Override
  public List<Object[]> rows(FileStoreTable table, Snapshot snapshot) {
    Snapshot at = snapshot != null ? snapshot : table.snapshotManager().latest();
    if (at == null || at.indexManifest() == null) {
      return List.of();
    }
    RowType partitionType = table.schema().partitionType();
    String defaultName = table.options().get(TableOptions.PARTITION_DEFAULT_NAME);
    List<Object[]> rows = new ArrayList<>();
    for (IndexManifestEntry e : table.manifestFiles().readIndexManifest(at.indexManifest())) {
      IndexFileMeta f = e.indexFile();
      rows.add(
          new Object[] {
            Render.partition(partitionType, e.partition(), defaultName),
            e.bucket(),
            f.indexType(),
            f.fileName(),
            f.fileSize(),
            f.rowCount(),
            ranges(f)
          });
    }
    return rows;
  }

  private static List<Object[]> ranges(IndexFileMeta f) {
    if (f.deletionVectorRanges() == null) {
      return null;
    }
    List<Object[]> ranges = new ArrayList<>();
    for (IndexFileMeta.DeletionVectorRange r : f.deletionVectorRanges()) {
      ranges.add(new Object[] {r.dataFileName(), r.offset(), r.length(), r.cardinality()});
    }
    return ranges;
  }
}
