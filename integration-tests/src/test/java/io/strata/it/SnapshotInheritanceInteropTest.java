package io.strata.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.core.catalog.Identifier;
import io.strata.core.catalog.WarehouseCatalog;
import io.strata.core.commit.FileStoreCommit;
import io.strata.core.io.HadoopFileIO;
import io.strata.core.snapshot.CommitKind;
import io.strata.core.snapshot.Snapshot;
import io.strata.core.table.FileStoreTable;
import io.strata.core.write.TableWriter;
import java.nio.file.Path;
import org.apache.paimon.data.GenericRow;
import org.apache.paimon.manifest.ManifestCommittable;
import org.apache.paimon.schema.Schema;
import org.apache.paimon.schema.SchemaChange;
import org.apache.paimon.stats.Statistics;
import org.apache.paimon.table.sink.StreamTableWrite;
import org.apache.paimon.table.sink.StreamWriteBuilder;
import org.apache.paimon.table.sink.TableCommitImpl;
import org.apache.paimon.types.DataTypes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a snapshot takes over from the one before, as Apache Paimon 1.3.1's commits do: Strata's
 * commits keep the watermark of Paimon's streaming commits, and the table statistics of Paimon's
 * {@code ANALYZE} until the schema changes. Before, a Strata write dropped both, so a Paimon job's
 * watermark tags and its planner's statistics were gone after it.
 */
class SnapshotInheritanceInteropTest {

  private static final String DB = "inherit";

  @TempDir Path warehouse;

  @Test
  void strataCommitsKeepPaimonsWatermarkAndItsStatisticsUntilTheSchemaChanges() throws Exception {
    WarehouseCatalog catalog =
        new WarehouseCatalog(
            HadoopFileIO.local(), new org.apache.hadoop.fs.Path(warehouse.toUri()));
    try (PaimonOracle paimon = new PaimonOracle(warehouse)) {
      org.apache.paimon.catalog.Identifier id =
          org.apache.paimon.catalog.Identifier.create(DB, "t");
      paimon.catalog().createDatabase(DB, true);
      paimon
          .catalog()
          .createTable(id, Schema.newBuilder().column("id", DataTypes.BIGINT()).build(), false);
      org.apache.paimon.table.FileStoreTable table = paimon.table(DB, "t");
      StreamWriteBuilder builder = table.newStreamWriteBuilder();
      try (StreamTableWrite write = builder.newWrite();
          TableCommitImpl commit = (TableCommitImpl) builder.newCommit()) {
        write.write(GenericRow.of(1L));
        ManifestCommittable committable = new ManifestCommittable(0, 5000L);
        write.prepareCommit(false, 0).forEach(committable::addFileCommittable);
        commit.commit(committable);
        org.apache.paimon.Snapshot written = table.snapshotManager().latestSnapshot();
        commit.updateStatistics(new Statistics(written.id(), written.schemaId(), 1L, 64L));
      }
      String statistics = paimon.table(DB, "t").snapshotManager().latestSnapshot().statistics();
      assertThat(statistics).isNotNull();

      Snapshot strata = append(catalog.loadTable(new Identifier(DB, "t")), new Object[] {2L});

      assertThat(strata.watermark()).isEqualTo(5000L);
      assertThat(strata.statistics()).isEqualTo(statistics);
      Statistics read = paimon.table(DB, "t").statistics().orElseThrow();
      assertThat(read.mergedRecordCount()).hasValue(1L);
      assertThat(read.mergedRecordSize()).hasValue(64L);

      // Statistics of another schema describe other columns: Paimon's commits drop them, and so do
      // Strata's. The watermark stays.
      paimon.catalog().alterTable(id, SchemaChange.addColumn("c", DataTypes.STRING()), false);
      Snapshot afterChange =
          append(catalog.loadTable(new Identifier(DB, "t")), new Object[] {3L, "x"});

      assertThat(afterChange.schemaId()).isEqualTo(1L);
      assertThat(afterChange.watermark()).isEqualTo(5000L);
      assertThat(afterChange.statistics()).isNull();
      assertThat(paimon.table(DB, "t").statistics()).isEmpty();
      assertThat(PaimonOracle.rows(paimon.table(DB, "t"))).hasSize(3);
    }
  }

  private static Snapshot append(FileStoreTable table, Object[] row) {
    try (TableWriter writer = table.newWrite()) {
      writer.write(row);
      return new FileStoreCommit(table, "strata").commit(writer.prepareCommit(), CommitKind.APPEND);
    }
  }
}
