package io.strata.core.scan;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.core.catalog.WarehouseCatalog;
import io.strata.core.io.ForwardingFileIO;
import io.strata.core.io.HadoopFileIO;
import io.strata.core.manifest.ManifestCache;
import io.strata.core.manifest.ManifestFileMeta;
import io.strata.core.options.Options;
import io.strata.core.predicate.LeafPredicate;
import io.strata.core.predicate.LeafPredicate.Op;
import io.strata.core.snapshot.Snapshot;
import io.strata.core.table.FileStoreTable;
import io.strata.core.table.TableTestSupport;
import io.strata.core.types.DataField;
import io.strata.core.types.DataTypes;
import io.strata.core.types.RowType;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PlanStatisticsTest {

  @TempDir Path dir;

  private static final RowType ROW =
      new RowType(
          List.of(
              new DataField(0, "id", DataTypes.BIGINT()), new DataField(1, "p", DataTypes.INT())));

  /** The local file system, remembering which manifest files were opened. */
  private static final class CountingFileIO extends ForwardingFileIO {
    private static final long serialVersionUID = 1L;
    final List<String> manifestReads = new ArrayList<>();

    CountingFileIO() {
      super(HadoopFileIO.local());
    }

    @Override
    public InputStream newInputStream(org.apache.hadoop.fs.Path path) throws IOException {
      if (path.getParent().getName().equals("manifest")) {
        synchronized (manifestReads) {
          manifestReads.add(path.getName());
        }
      }
      return super.newInputStream(path);
    }
  }

  private final CountingFileIO io = new CountingFileIO();
  private FileStoreTable table;

  /** Three commits, one manifest each: p=1; p=2 (ids 10..12); p=1 and p=2 (ids 5, 6). */
  @BeforeEach
  void threeCommits() {
    WarehouseCatalog catalog = new WarehouseCatalog(io, new org.apache.hadoop.fs.Path(dir.toUri()));
    table = TableTestSupport.create(catalog, "t", ROW, List.of("p"), Map.of());
    TableTestSupport.append(table, rows(new long[] {1, 2, 3}, 1));
    TableTestSupport.append(table, rows(new long[] {10, 11, 12}, 2));
    List<Object[]> both = new ArrayList<>(rows(new long[] {4}, 1));
    both.addAll(rows(new long[] {5, 6}, 2));
    TableTestSupport.append(table, both);
    ManifestCache.shared().clear();
    io.manifestReads.clear(); // what the commits read
  }

  private static List<Object[]> rows(long[] ids, int p) {
    List<Object[]> rows = new ArrayList<>();
    for (long id : ids) {
      rows.add(new Object[] {id, p});
    }
    return rows;
  }

  private TableScan.Plan planPartitionTwoIdsFrom11() {
    return new TableScan(table, new Options(Map.of()))
        .withPartitionFilter(new LeafPredicate(0, "p", DataTypes.INT(), Op.EQ, List.of(2)))
        .withValueFilter(new LeafPredicate(0, "id", DataTypes.BIGINT(), Op.GE, List.of(11L)))
        .plan(table.snapshotManager().latest());
  }

  @Test
  void countsManifestsAndFilesSkippedByPartitionAndStats() {
    TableScan.Plan plan = planPartitionTwoIdsFrom11();

    PlanStatistics s = plan.statistics();
    assertThat(s.snapshotId()).isEqualTo(3);
    assertThat(s.manifests()).isEqualTo(3);
    assertThat(s.manifestsSkipped()).isEqualTo(1); // the first holds only p=1
    assertThat(s.manifestsFromStorage()).isEqualTo(2);
    assertThat(s.manifestsFromCache()).isZero();
    assertThat(s.filesSkippedByPartition()).isEqualTo(1); // p=1 of the third commit
    assertThat(s.filesSkippedByStats()).isEqualTo(1); // ids 5..6 < 11
    assertThat(s.filesSkippedByBucket()).isZero();
    assertThat(s.dataFiles()).isEqualTo(1);
    assertThat(s.splits()).isEqualTo(1);
    assertThat(plan.splits()).hasSize(1);
    assertThat(s.planningNanos()).isPositive();
  }

  @Test
  void aSecondPlanReadsNoManifestFile() {
    TableScan.Plan cold = planPartitionTwoIdsFrom11();
    int coldReads = io.manifestReads.size();
    assertThat(coldReads).isEqualTo(4); // base list, delta list, two manifests

    TableScan.Plan warm = planPartitionTwoIdsFrom11();

    assertThat(io.manifestReads).hasSize(coldReads);
    assertThat(warm.splits()).isEqualTo(cold.splits());
    assertThat(warm.statistics().manifestsFromCache()).isEqualTo(2);
    assertThat(warm.statistics().manifestsFromStorage()).isZero();
  }

  @Test
  void aPlanWithTheCacheDisabledReadsEveryManifestAgain() {
    ManifestCache.shared().configure(new ManifestCache.Settings(false, 0, 0));
    try {
      planPartitionTwoIdsFrom11();
      planPartitionTwoIdsFrom11();
      assertThat(io.manifestReads).hasSize(8);
    } finally {
      ManifestCache.shared().configure(ManifestCache.Settings.of(new Options(Map.of())));
    }
  }

  @Test
  void manifestsOutsideTheBucketsAskedForAreNotOpened() {
    FileStoreScan scan =
        new FileStoreScan(table.manifestFiles(), table.schema().partitionType())
            .withBuckets(Set.of(1));
    Snapshot latest = table.snapshotManager().latest();
    List<ManifestFileMeta> metas = scan.manifestsOf(latest);
    assertThat(metas).allSatisfy(m -> assertThat(m.maxBucket()).isZero());

    assertThat(scan.liveEntries(latest)).isEmpty();
    assertThat(scan.counters().manifestsSkipped.get()).isEqualTo(3);
    assertThat(
            new FileStoreScan(table.manifestFiles(), table.schema().partitionType())
                .withBuckets(Set.of(0, 1))
                .liveEntries(latest))
        .hasSize(4);
  }
}
