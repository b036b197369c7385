package io.strata.core.maintenance;

import static io.strata.core.table.TableTestSupport.append;
import static io.strata.core.table.TableTestSupport.readAll;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.core.data.BinaryRowCodec;
import io.strata.core.expire.DirectoryLister;
import io.strata.core.predicate.LeafPredicate;
import io.strata.core.snapshot.CommitKind;
import io.strata.core.snapshot.Snapshot;
import io.strata.core.table.FileStoreTable;
import io.strata.core.table.TableTestSupport;
import io.strata.core.types.DataField;
import io.strata.core.types.DataTypes;
import io.strata.core.types.RowType;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class UnexistingFilesTest {

  private static final RowType ROWS =
      new RowType(
          List.of(
              new DataField(0, "id", DataTypes.BIGINT()),
              new DataField(1, "p", DataTypes.STRING())));

  @TempDir Path dir;

  private static List<Object[]> rows(long from, long to, String p) {
    List<Object[]> rows = new ArrayList<>();
    for (long i = from; i < to; i++) {
      rows.add(new Object[] {i, p});
    }
    return rows;
  }

  private FileStoreTable threeFilesInTwoPartitions() {
    FileStoreTable table =
        TableTestSupport.create(TableTestSupport.catalog(dir), "t", ROWS, List.of("p"), Map.of());
    append(table, rows(0, 10, "a"));
    append(table, rows(10, 20, "a"));
    append(table, rows(20, 30, "b"));
    return table;
  }

  private List<Path> dataFiles(String partitionDir) throws Exception {
    try (Stream<Path> files = Files.walk(dir.resolve("default.db/t/" + partitionDir))) {
      return files.filter(f -> f.toString().endsWith(".parquet")).sorted().toList();
    }
  }

  @Test
  void aFileDeletedByHandIsFoundAndRemovedAndTheRestReads() throws Exception {
    FileStoreTable table = threeFilesInTwoPartitions();
    Path lost = dataFiles("p=a").get(0);
    Files.delete(lost);
    assertThatThrownBy(() -> readAll(table)).hasStackTraceContaining(lost.getFileName().toString());
    UnexistingFiles repair = new UnexistingFiles(table);
    Snapshot latest = table.snapshotManager().latest();

    List<UnexistingFiles.Missing> missing = repair.find(latest, null, DirectoryLister.local(table));

    assertThat(missing).hasSize(1);
    assertThat(missing.get(0).file().fileName()).isEqualTo(lost.getFileName().toString());
    assertThat(new File(missing.get(0).path().toUri().getPath())).isEqualTo(lost.toFile());
    Snapshot removed =
        table.newCommit("repair").commit(repair.removal(latest, missing), CommitKind.APPEND);
    assertThat(removed.id()).isEqualTo(latest.id() + 1);
    assertThat(removed.totalRecordCount()).isEqualTo(20);
    assertThat(readAll(table)).hasSize(20);
    assertThat(repair.find(removed, null, DirectoryLister.local(table))).isEmpty();
  }

  @Test
  void onlyTheSelectedPartitionsAreLookedAt() throws Exception {
    FileStoreTable table = threeFilesInTwoPartitions();
    Files.delete(dataFiles("p=a").get(0));
    Files.delete(dataFiles("p=b").get(0));
    RowType partitionType = table.schema().partitionType();
    UnexistingFiles repair = new UnexistingFiles(table);
    Snapshot latest = table.snapshotManager().latest();

    List<UnexistingFiles.Missing> inB =
        repair.find(
            latest,
            new LeafPredicate(0, "p", partitionType.typeAt(0), LeafPredicate.Op.EQ, List.of("b")),
            DirectoryLister.local(table));

    assertThat(inB).hasSize(1);
    assertThat(BinaryRowCodec.deserialize(partitionType, inB.get(0).partition())[0]).isEqualTo("b");
    assertThat(repair.find(latest, null, DirectoryLister.local(table))).hasSize(2);
  }

  @Test
  void aWholeBucketDirectoryGoneIsEveryFileOfIt() throws Exception {
    FileStoreTable table = threeFilesInTwoPartitions();
    for (Path f : dataFiles("p=a")) {
      Files.delete(f);
    }
    Files.delete(dir.resolve("default.db/t/p=a/bucket-0"));

    assertThat(
            new UnexistingFiles(table)
                .find(table.snapshotManager().latest(), null, DirectoryLister.local(table)))
        .hasSize(2);
  }
}
