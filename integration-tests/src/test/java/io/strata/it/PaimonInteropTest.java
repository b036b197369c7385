package io.strata.it;

import static io.strata.it.PaimonRows.dec;
import static io.strata.it.PaimonRows.ntz;
import static io.strata.it.PaimonRows.str;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.core.data.BucketFunction;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.apache.paimon.data.BinaryString;
import org.apache.paimon.data.GenericRow;
import org.apache.paimon.data.InternalRow;
import org.apache.paimon.io.DataFileMeta;
import org.apache.paimon.manifest.ManifestEntry;
import org.apache.paimon.predicate.Predicate;
import org.apache.paimon.predicate.PredicateBuilder;
import org.apache.paimon.schema.Schema;
import org.apache.paimon.table.BucketMode;
import org.apache.paimon.table.FileStoreTable;
import org.apache.paimon.table.sink.RowKeyExtractor;
import org.apache.paimon.types.DataTypes;
import org.apache.paimon.types.RowKind;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.classic.SparkSession;
import org.apache.spark.sql.functions;
import org.apache.spark.sql.types.ArrayType;
import org.apache.spark.sql.types.MapType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Strata and real Apache Paimon 1.3.1 read each other's tables row for row: Strata writes through
 * Spark SQL and Paimon's Java API reads; Paimon's Java API writes and Strata reads through Spark
 * SQL; and both write into one primary-key table in turn. Rows are compared in {@link
 * CanonicalRows}' rendering, snapshots as {@code id kind schema total delta}.
 */
class PaimonInteropTest {

  private static final String DB = "interop";
  private static final String PAIMON_CATALOG = "paimon_wh";
  private static final String PDB = "pdb";

  @TempDir static Path paimonWarehouse;

  private static SparkSession spark;
  private static Path strataWarehouse;
  private static PaimonOracle paimonOnStrata;
  private static PaimonOracle paimonOnPaimon;

  @BeforeAll
  static void setUp() throws Exception {
    spark = TestSpark$.MODULE$.session().newSession();
    // DataFrame operations outside spark.sql() take their settings from the active session.
    org.apache.spark.sql.SparkSession.setActiveSession(spark);
    spark.conf().set("spark.sql.datetime.java8API.enabled", "true");
    // Without AQE coalescing, the write distribution alone decides which task writes a bucket.
    spark.conf().set("spark.sql.adaptive.enabled", "false");
    strataWarehouse = TestSpark$.MODULE$.warehouse();
    spark.sql("CREATE DATABASE strata." + DB);
    paimonOnStrata = new PaimonOracle(strataWarehouse);
    paimonOnPaimon = new PaimonOracle(paimonWarehouse);
    paimonOnPaimon.catalog().createDatabase(PDB, false);
    spark.conf().set("spark.sql.catalog." + PAIMON_CATALOG, TestSpark$.MODULE$.CatalogClass());
    spark
        .conf()
        .set("spark.sql.catalog." + PAIMON_CATALOG + ".warehouse", paimonWarehouse.toString());
  }

  @AfterAll
  static void tearDown() throws Exception {
    paimonOnStrata.close();
    paimonOnPaimon.close();
  }

  // ---------------------------------------------------------------- Strata writes, Paimon reads

  @Test
  void paimonReadsStrataAppendTableWithEveryType() {
    String table = "strata." + DB + ".s_all_types";
    String mirror = "spark_catalog.default.interop_mirror_all_types";
    spark.sql(
        "CREATE TABLE "
            + table
            + " ("
            + AllTypesFixture.SQL_COLUMNS
            + ") PARTITIONED BY (p_str, p_int)");
    // The same rows in a plain Spark Parquet table: what every engine must read back.
    spark.sql("CREATE TABLE " + mirror + " (" + AllTypesFixture.SQL_COLUMNS + ") USING parquet");
    for (String values : AllTypesFixture.SQL_INSERTS) {
      spark.sql("INSERT INTO " + table + " VALUES " + values);
      spark.sql("INSERT INTO " + mirror + " VALUES " + values);
    }

    List<String> expected = sparkRows(mirror);
    assertThat(expected).hasSize(8);
    assertThat(sparkRows(table)).as("Strata reads").containsExactlyElementsOf(expected);
    FileStoreTable paimon = paimonOnStrata.table(DB, "s_all_types");
    assertThat(PaimonOracle.rows(paimon)).as("Paimon reads").containsExactlyElementsOf(expected);
    assertThat(paimon.bucketMode()).isEqualTo(BucketMode.BUCKET_UNAWARE);
    assertThat(paimon.partitionKeys()).containsExactly("p_str", "p_int");
    assertSameSnapshots("s_all_types", paimon, "1 APPEND", "2 APPEND");
    assertPaimonFilteredScansKeepMatchingRows(paimon);
  }

  /**
   * Strata's file stats are exact enough for Paimon to prune with: for every row and atomic column,
   * Paimon's scan filtered by {@code column = value} (or IS NULL) still holds the row.
   */
  static void assertPaimonFilteredScansKeepMatchingRows(FileStoreTable table) {
    org.apache.paimon.types.RowType type = table.rowType();
    PredicateBuilder filters = new PredicateBuilder(type);
    for (PaimonOracle.BucketedRow r : PaimonOracle.rowsWithBuckets(table)) {
      for (int c = 0; c < type.getFieldCount(); c++) {
        if (!isAtomic(type.getTypeAt(c))) {
          continue;
        }
        Object value = InternalRow.createFieldGetter(type.getTypeAt(c), c).getFieldOrNull(r.row());
        Predicate filter = value == null ? filters.isNull(c) : filters.equal(c, value);
        assertThat(PaimonOracle.rowsOfFilteredScan(table, filter))
            .as("Paimon's scan with %s", filter)
            .contains(r.rendered());
      }
    }
  }

  private static boolean isAtomic(org.apache.paimon.types.DataType type) {
    return !(type instanceof org.apache.paimon.types.ArrayType
        || type instanceof org.apache.paimon.types.MapType
        || type instanceof org.apache.paimon.types.RowType);
  }

  @Test
  void paimonReadsStrataFixedBucketTableWithTheSameBuckets() {
    String table = "strata." + DB + ".s_fixed";
    spark.sql(
        "CREATE TABLE "
            + table
            + " (id BIGINT, name STRING, v DOUBLE) TBLPROPERTIES ('bucket'='4','bucket-key'='id')");
    spark.sql("INSERT INTO " + table + " SELECT id, concat('name-', id), id * 0.5 FROM range(200)");
    spark.sql(
        "INSERT INTO " + table + " SELECT id, concat('n', id), -id FROM range(150, 300, 1, 3)");
    spark.sql("INSERT INTO " + table + " VALUES (NULL, 'null id', NULL)");

    List<String> strataRows = sparkRows(table);
    assertThat(strataRows).hasSize(351);
    FileStoreTable paimon = paimonOnStrata.table(DB, "s_fixed");
    List<PaimonOracle.BucketedRow> paimonRows = PaimonOracle.rowsWithBuckets(paimon);
    assertThat(paimonRows.stream().map(PaimonOracle.BucketedRow::rendered).sorted().toList())
        .containsExactlyElementsOf(strataRows);

    // Each row sits in the bucket Paimon computes for it, and Strata's scan agrees.
    Map<String, Integer> strataBuckets =
        StrataCore.bucketByValue(StrataCore.table(strataWarehouse, DB, "s_fixed"), "id");
    RowKeyExtractor extractor = paimon.createRowKeyExtractor();
    Set<Integer> used = new TreeSet<>();
    for (PaimonOracle.BucketedRow r : paimonRows) {
      extractor.setRecord(r.row());
      String id = r.row().isNullAt(0) ? "null" : String.valueOf(r.row().getLong(0));
      assertThat(r.bucket()).as("Paimon's bucket of id %s", id).isEqualTo(extractor.bucket());
      assertThat(strataBuckets.get(id)).as("Strata's bucket of id %s", id).isEqualTo(r.bucket());
      used.add(r.bucket());
    }
    assertThat(used).containsExactly(0, 1, 2, 3);
    assertSameSnapshots("s_fixed", paimon, "1 APPEND", "2 APPEND", "3 APPEND");
    // As Paimon writes them: one file per bucket and commit, sequence numbers continuing
    // from the bucket's last file (the null id adds a third file to one bucket).
    Map<Integer, List<String>> ranges = sequenceRangesByBucket(paimon);
    assertThat(ranges).hasSize(4);
    assertThat(ranges.values().stream().mapToInt(List::size).sum()).isEqualTo(9);
    ranges.forEach(
        (bucket, files) -> {
          long next = 0;
          for (String range : files) {
            assertThat(range).as("bucket %s: %s", bucket, files).startsWith(next + "..");
            next = Long.parseLong(range.substring(range.indexOf("..") + 2)) + 1;
          }
        });
  }

  /** Per bucket, the sequence-number range {@code min..max} of each file, ordered by min. */
  private static Map<Integer, List<String>> sequenceRangesByBucket(FileStoreTable table) {
    Map<Integer, List<DataFileMeta>> files = new TreeMap<>();
    for (ManifestEntry e : table.store().newScan().plan().files()) {
      files.computeIfAbsent(e.bucket(), b -> new ArrayList<>()).add(e.file());
    }
    Map<Integer, List<String>> ranges = new TreeMap<>();
    files.forEach(
        (bucket, list) ->
            ranges.put(
                bucket,
                list.stream()
                    .sorted(Comparator.comparingLong(DataFileMeta::minSequenceNumber))
                    .map(f -> f.minSequenceNumber() + ".." + f.maxSequenceNumber())
                    .toList()));
    return ranges;
  }

  @Test
  void paimonReadsStrataPrimaryKeyTableAfterUpsertsAndOverwrite() {
    String table = "strata." + DB + ".s_pk";
    spark.sql(
        "CREATE TABLE "
            + table
            + " (dt STRING, id INT, name STRING, amount DECIMAL(10,2), tags ARRAY<STRING>)"
            + " PARTITIONED BY (dt) TBLPROPERTIES ('primary-key'='dt,id','bucket'='2')");
    List<String> statements =
        List.of(
            "INSERT INTO "
                + table
                + " SELECT IF(id < 6, 'd1', 'd2'), id, concat('v1-', id), id * 1.25,"
                + " array(concat('t', id)) FROM range(1, 11) AS r(id)",
            "INSERT INTO "
                + table
                + " VALUES ('d1', 1, 'v2-1', 100.00, NULL), ('d1', 2, NULL, NULL, array()),"
                + " ('d2', 7, 'v2-7', 7.77, array('x', NULL)), ('d3', 1, 'v2-d3', 0, NULL)",
            "INSERT INTO "
                + table
                + " VALUES ('d1', 3, 'v3-3', 3.33, NULL), ('d1', 1, 'v3-1', 1, NULL)",
            "INSERT OVERWRITE "
                + table
                + " PARTITION (dt = 'd2') VALUES (6, 'ow-6', 6.06, NULL), (42, 'ow-42', 4.2, NULL)",
            "INSERT INTO "
                + table
                + " VALUES ('d2', 7, 'v5-7', 7, NULL), ('d2', 6, 'v5-6', 6, NULL)");
    List<String> kinds = new ArrayList<>();
    for (String sql : statements) {
      spark.sql(sql);
      kinds.add(
          (kinds.size() + 1) + (sql.startsWith("INSERT OVERWRITE") ? " OVERWRITE" : " APPEND"));
      FileStoreTable paimon = paimonOnStrata.table(DB, "s_pk");
      assertThat(PaimonOracle.rows(paimon))
          .as("Paimon reads after: %s", sql)
          .containsExactlyElementsOf(sparkRows(table));
      assertSameSnapshots("s_pk", paimon, kinds.toArray(new String[0]));
    }
    assertThat(sparkRows(table))
        .containsExactly(
            "d1 | 1 | v3-1 | 1.00 | NULL",
            "d1 | 2 | NULL | NULL | []",
            "d1 | 3 | v3-3 | 3.33 | NULL",
            "d1 | 4 | v1-4 | 5.00 | [t4]",
            "d1 | 5 | v1-5 | 6.25 | [t5]",
            "d2 | 42 | ow-42 | 4.20 | NULL",
            "d2 | 6 | v5-6 | 6.00 | NULL",
            "d2 | 7 | v5-7 | 7.00 | NULL",
            "d3 | 1 | v2-d3 | 0.00 | NULL");
    FileStoreTable paimon = paimonOnStrata.table(DB, "s_pk");
    assertThat(paimon.primaryKeys()).containsExactly("dt", "id");
    assertThat(paimon.schema().numBuckets()).isEqualTo(2);
  }

  // ---------------------------------------------------------------- Paimon writes, Strata reads

  @Test
  void strataReadsPaimonAppendTableWithEveryType() throws Exception {
    FileStoreTable table = createPaimonTable("p_all_types", AllTypesFixture.paimonSchema());
    for (List<InternalRow> commit : AllTypesFixture.paimonCommits()) {
      PaimonOracle.write(table, commit);
    }
    List<String> expected = PaimonOracle.rows(paimonOnPaimon.table(PDB, "p_all_types"));
    assertThat(expected).hasSize(7);
    assertThat(sparkRows(PAIMON_CATALOG + "." + PDB + ".p_all_types"))
        .containsExactlyElementsOf(expected);
    assertStrataFiltersKeepMatchingRows(PAIMON_CATALOG + "." + PDB + ".p_all_types");
  }

  @Test
  void paimonFileIndexesStayWithTheirDataFilesAndExpireWithThem() throws Exception {
    Schema schema =
        Schema.newBuilder()
            .column("id", DataTypes.BIGINT())
            .column("v", DataTypes.STRING())
            .option("bucket", "1")
            .option("bucket-key", "id")
            .option("file-index.bloom-filter.columns", "v")
            // Above this size an index is a file of its own, a data file's extra file.
            .option("file-index.in-manifest-threshold", "1 b")
            .build();
    FileStoreTable table = createPaimonTable("p_file_index", schema);
    List<InternalRow> rows = new ArrayList<>();
    for (long id = 0; id < 200; id++) {
      rows.add(GenericRow.of(id, org.apache.paimon.data.BinaryString.fromString("v" + id)));
    }
    PaimonOracle.write(table, rows);
    Path tableDir = paimonWarehouse.resolve(PDB + ".db").resolve("p_file_index");
    List<Path> indexes = filesEndingWith(tableDir, ".index");
    assertThat(indexes).as("Paimon wrote its file index as an extra file").isNotEmpty();
    io.strata.core.table.FileStoreTable strata =
        StrataCore.table(paimonWarehouse, PDB, "p_file_index");
    // A referenced extra file is no orphan, however old: every file is older than the cutoff.
    Thread.sleep(1100);
    io.strata.core.expire.OrphanFiles.Result removed =
        new io.strata.core.expire.OrphanFiles(strata)
            .remove(System.currentTimeMillis() - 100, false);
    assertThat(removed.files()).isEmpty();
    assertThat(indexes).allMatch(Files::exists);
    String name = PAIMON_CATALOG + "." + PDB + ".p_file_index";
    assertThat(spark.sql("SELECT count(*) FROM " + name + " WHERE v = 'v7'").first().getLong(0))
        .isEqualTo(1);
    // Once an overwrite replaced the file, expiration deletes it with its index.
    PaimonOracle.overwrite(
        table, Map.of(), List.of(GenericRow.of(1L, BinaryString.fromString("only"))));
    strata = StrataCore.table(paimonWarehouse, PDB, "p_file_index");
    new io.strata.core.expire.SnapshotExpiration(strata)
        .expire(new io.strata.core.expire.ExpireConfig(1, 1, Long.MAX_VALUE, Integer.MAX_VALUE));
    assertThat(indexes).noneMatch(Files::exists);
    assertThat(sparkRows(name)).containsExactly("1 | only");
  }

  @Test
  void orphanRemovalKeepsWhatPaimonsBranchesAndRetainedChangelogReference() throws Exception {
    Schema schema =
        Schema.newBuilder()
            .column("id", DataTypes.BIGINT().notNull())
            .column("v", DataTypes.STRING())
            .primaryKey("id")
            .option("bucket", "1")
            .option("changelog-producer", "input")
            .option("snapshot.num-retained.min", "1")
            .option("snapshot.num-retained.max", "2")
            .option("changelog.num-retained.max", "20")
            .build();
    FileStoreTable table = createPaimonTable("p_branches", schema);
    for (long i = 0; i < 5; i++) {
      PaimonOracle.write(table, List.of(GenericRow.of(i, BinaryString.fromString("main" + i))));
    }
    table.createTag("t1");
    table.createBranch("b1", "t1");
    FileStoreTable branch = table.switchToBranch("b1");
    PaimonOracle.write(branch, List.of(GenericRow.of(100L, BinaryString.fromString("branch"))));
    List<String> branchRows = PaimonOracle.rows(branch);
    Path tableDir = paimonWarehouse.resolve(PDB + ".db").resolve("p_branches");
    assertThat(tableDir.resolve("changelog")).isDirectory();
    Thread.sleep(1100);
    io.strata.core.table.FileStoreTable strata =
        StrataCore.table(paimonWarehouse, PDB, "p_branches");
    io.strata.core.expire.OrphanFiles.Result removed =
        new io.strata.core.expire.OrphanFiles(strata)
            .remove(System.currentTimeMillis() - 100, false);
    assertThat(removed.files()).isEmpty();
    assertThat(PaimonOracle.rows(paimonOnPaimon.table(PDB, "p_branches").switchToBranch("b1")))
        .containsExactlyElementsOf(branchRows)
        .contains("100 | branch");
    // $branches lists the branches Paimon's own $branches lists, at the same times.
    table.createBranch("a0");
    org.apache.paimon.table.Table paimonBranches =
        paimonOnPaimon
            .catalog()
            .getTable(org.apache.paimon.catalog.Identifier.create(PDB, "p_branches$branches"));
    List<String> expectedBranches = new ArrayList<>();
    try (org.apache.paimon.reader.RecordReader<InternalRow> reader =
        paimonBranches
            .newReadBuilder()
            .newRead()
            .createReader(paimonBranches.newReadBuilder().newScan().plan())) {
      reader.forEachRemaining(
          r -> expectedBranches.add(r.getString(0) + " " + r.getTimestamp(1, 3).toLocalDateTime()));
    }
    assertThat(
            spark
                .sql(
                    "SELECT branch_name, create_time FROM "
                        + PAIMON_CATALOG
                        + "."
                        + PDB
                        + ".`p_branches$branches`")
                .collectAsList())
        .extracting(r -> r.getString(0) + " " + r.getAs(1))
        .containsExactlyInAnyOrderElementsOf(expectedBranches)
        .hasSize(2);
    // The tag the branch was made from stays, as in Paimon.
    assertThatThrownBy(() -> new io.strata.core.expire.TagDeletion(strata).delete(List.of("t1")))
        .hasMessage(
            "Cannot delete tag 't1': branch(es) [b1] were created from it and read its files."
                + " Delete those branches first (CALL sys.delete_branch), as Paimon requires.");
    // Strata's expiration keeps the changelog Paimon keeps past its snapshots, and its own.
    List<Long> paimonChangelogs = new ArrayList<>();
    paimonOnPaimon
        .table(PDB, "p_branches")
        .changelogManager()
        .changelogs()
        .forEachRemaining(c -> paimonChangelogs.add(c.id()));
    assertThat(paimonChangelogs).isNotEmpty();
    new io.strata.core.expire.SnapshotExpiration(strata)
        .expire(new io.strata.core.expire.ExpireConfig(1, 1, Long.MAX_VALUE, Integer.MAX_VALUE));
    List<Long> afterStrata = new ArrayList<>();
    paimonOnPaimon
        .table(PDB, "p_branches")
        .changelogManager()
        .changelogs()
        .forEachRemaining(c -> afterStrata.add(c.id()));
    assertThat(afterStrata).containsAll(paimonChangelogs);
    assertThat(PaimonOracle.rows(paimonOnPaimon.table(PDB, "p_branches").switchToBranch("b1")))
        .containsExactlyElementsOf(branchRows);
  }

  @Test
  void orphanRemovalKeepsPaimonsPostponedBucketFiles() throws Exception {
    Schema schema =
        Schema.newBuilder()
            .column("id", DataTypes.BIGINT().notNull())
            .column("v", DataTypes.STRING())
            .primaryKey("id")
            .option("bucket", "-2")
            .build();
    FileStoreTable table = createPaimonTable("p_postponed", schema);
    PaimonOracle.write(table, List.of(GenericRow.of(1L, BinaryString.fromString("waiting"))));
    Path tableDir = paimonWarehouse.resolve(PDB + ".db").resolve("p_postponed");
    List<Path> postponed = filesEndingWith(tableDir.resolve("bucket-postpone"), "");
    assertThat(postponed).isNotEmpty();
    Thread.sleep(1100);
    io.strata.core.expire.OrphanFiles.Result removed =
        new io.strata.core.expire.OrphanFiles(StrataCore.table(paimonWarehouse, PDB, "p_postponed"))
            .remove(System.currentTimeMillis() - 100, false);
    assertThat(removed.files()).isEmpty();
    assertThat(postponed).allMatch(Files::exists);
  }

  /**
   * Paimon's postponed-bucket table: rows its writers leave in {@code bucket-postpone/} are not
   * visible until its compaction gives them a bucket (here, writes through a copy of the table with
   * the partition's bucket count, as that compaction writes); each partition keeps its own count.
   * Strata reads, filters and counts what Paimon reads; it writes into each partition's buckets,
   * and its compaction moves Paimon's postponed rows into them, Paimon reading every step.
   */
  @Test
  void strataReadsAPostponedBucketTableAsPaimonDoes() throws Exception {
    Schema schema = keyedByPartition("-2");
    FileStoreTable table = createPaimonTable("p_postponed_read", schema);
    PaimonOracle.write(table, List.of(postponedRow("a", 1, "waiting"), postponedRow("b", 2, "w")));
    FileStoreTable twoBuckets = withBuckets(table, 2);
    List<GenericRow> placed = new ArrayList<>();
    for (long id = 1; id <= 20; id++) {
      placed.add(postponedRow("a", id, "a" + id));
    }
    PaimonOracle.write(twoBuckets, placed);
    // A second sorted run in partition a, over some of the same keys: its buckets need a merge.
    PaimonOracle.write(
        twoBuckets, List.of(postponedRow("a", 3, "a3-new"), postponedRow("a", 21, "a21")));
    PaimonOracle.write(
        withBuckets(table, 3), List.of(postponedRow("b", 5, "b5"), postponedRow("b", 6, "b6")));
    PaimonOracle.write(table, List.of(postponedRow("a", 4, "waiting"), postponedRow("c", 1, "w")));

    FileStoreTable paimon = paimonOnPaimon.table(PDB, "p_postponed_read");
    List<String> expected = PaimonOracle.rows(paimon);
    assertThat(expected).hasSize(23).contains("a | 3 | a3-new", "a | 4 | a4", "b | 6 | b6");
    String name = PAIMON_CATALOG + "." + PDB + ".p_postponed_read";
    for (String columnar : List.of("true", "false")) {
      spark.conf().set("spark.strata.read.columnar.enabled", columnar);
      try {
        assertThat(sparkRows(name)).as("columnar " + columnar).containsExactlyElementsOf(expected);
      } finally {
        spark.conf().unset("spark.strata.read.columnar.enabled");
      }
    }
    assertThat(spark.sql("SELECT count(*) FROM " + name).collectAsList().get(0).getLong(0))
        .isEqualTo(23L);
    assertThat(
            CanonicalRows.spark(
                spark.sql("SELECT * FROM " + name + " WHERE id IN (1, 4)").collectAsList()))
        .containsExactly("a | 1 | a1", "a | 4 | a4");
    assertThat(
            spark
                .sql("SELECT p, count(*) FROM " + name + " GROUP BY p ORDER BY p")
                .collectAsList()
                .toString())
        .isEqualTo("[[a,21], [b,2]]");

    // Schema changes are metadata: Strata makes them, and both engines read on.
    spark.sql("ALTER TABLE " + name + " ADD COLUMN note STRING");
    assertThat(
            spark
                .sql("SELECT count(*) FROM " + name + " WHERE note IS NULL")
                .collectAsList()
                .get(0)
                .getLong(0))
        .isEqualTo(23L);
    assertThat(PaimonOracle.rows(paimonOnPaimon.table(PDB, "p_postponed_read"))).hasSize(23);

    // Strata writes straight into each partition's buckets, readable at once: a keeps its 2
    // buckets, and d, a new partition, gets 'postpone.default-bucket-num' (1).
    spark.sql("INSERT INTO " + name + " VALUES ('a', 3, 'a3-strata', 'n'), ('d', 1, 'd1', 'n')");
    List<String> inserted = PaimonOracle.rows(paimonOnPaimon.table(PDB, "p_postponed_read"));
    assertThat(inserted)
        .hasSize(24)
        .contains("a | 3 | a3-strata | n", "d | 1 | d1 | n", "a | 4 | a4 | NULL")
        .doesNotContain("a | 3 | a3-new | NULL");
    assertThat(sparkRows(name)).containsExactlyElementsOf(inserted);
    assertThat(bucketLayout("p_postponed_read"))
        .containsExactly("a:2", "b:3", "d:1", "postponed:a,b,c");

    // More postponed writes under the new schema: two commits over one key, then a retraction.
    FileStoreTable evolved = paimonOnPaimon.table(PDB, "p_postponed_read");
    PaimonOracle.write(evolved, List.of(noted(RowKind.INSERT, "a", 7, "p1")));
    PaimonOracle.write(evolved, List.of(noted(RowKind.INSERT, "a", 7, "p2")));
    PaimonOracle.write(evolved, List.of(noted(RowKind.DELETE, "a", 8, "a8")));
    assertThat(PaimonOracle.rows(paimonOnPaimon.table(PDB, "p_postponed_read")))
        .containsExactlyElementsOf(inserted);

    // Compaction first gives the rows Paimon's writers left in bucket-postpone/ their buckets (c
    // gets the default count): records after the buckets' own, in the order they were committed,
    // so the later ones win and the retraction deletes. Then it compacts the buckets.
    spark.sql("CALL " + PAIMON_CATALOG + ".sys.compact('" + PDB + ".p_postponed_read')").collect();
    List<String> compacted = PaimonOracle.rows(paimonOnPaimon.table(PDB, "p_postponed_read"));
    assertThat(compacted)
        .hasSize(25)
        .doesNotContain("a | 8 | a8 | NULL")
        .contains(
            "a | 7 | p2 | NULL",
            "a | 1 | waiting | NULL",
            "a | 4 | waiting | NULL",
            "b | 2 | w | NULL",
            "c | 1 | w | NULL",
            "a | 3 | a3-strata | n",
            "a | 21 | a21 | NULL");
    assertThat(sparkRows(name)).containsExactlyElementsOf(compacted);
    assertThat(bucketLayout("p_postponed_read")).containsExactly("a:2", "b:3", "c:1", "d:1");
    assertThat(
            spark
                .sql(
                    "SELECT commit_kind FROM "
                        + PAIMON_CATALOG
                        + "."
                        + PDB
                        + ".`p_postponed_read$snapshots` ORDER BY snapshot_id DESC LIMIT 2")
                .collectAsList()
                .toString())
        .isEqualTo("[[COMPACT], [COMPACT]]");
  }

  /**
   * "partition:bucket count" of the live files of Paimon's table {@code name} in real buckets, and
   * "postponed:partitions" of those left in bucket-postpone/.
   */
  private static List<String> bucketLayout(String name) {
    io.strata.core.table.FileStoreTable table = StrataCore.table(paimonWarehouse, PDB, name);
    java.util.TreeSet<String> buckets = new java.util.TreeSet<>();
    java.util.TreeSet<String> postponed = new java.util.TreeSet<>();
    for (io.strata.core.manifest.ManifestEntry e :
        new io.strata.core.scan.FileStoreScan(table.manifestFiles(), table.schema().partitionType())
            .liveEntries(table.snapshotManager().latest())) {
      String p =
          String.valueOf(
              io.strata.core.data.BinaryRowCodec.deserialize(
                  table.schema().partitionType(), e.partition())[0]);
      if (e.bucket() < 0) {
        postponed.add(p);
      } else {
        buckets.add(p + ":" + e.totalBuckets());
      }
    }
    List<String> layout = new ArrayList<>(buckets);
    if (!postponed.isEmpty()) {
      layout.add("postponed:" + String.join(",", postponed));
    }
    return layout;
  }

  /**
   * Paimon's bucket rescale (ALTER TABLE of 'bucket', then INSERT OVERWRITE of a partition) and
   * Strata's, on one table: each engine writes into partitions of either count, rescales one, and
   * reads what the other wrote, Paimon checking every step. A partition written before a rescale
   * keeps its count until it is overwritten: Strata adds to it in that layout (Paimon's writer
   * refuses to add to it at all), so no key is ever in two buckets.
   */
  @Test
  void strataAndPaimonRescaleBucketsOfOneTable() throws Exception {
    Schema schema = keyedByPartition("2");
    String name = "p_rescaled";
    FileStoreTable table = createPaimonTable(name, schema);
    List<GenericRow> a = new ArrayList<>();
    List<GenericRow> b = new ArrayList<>();
    for (long id = 0; id < 40; id++) {
      a.add(postponedRow("a", id, "a" + id));
      b.add(postponedRow("b", id, "b" + id));
    }
    PaimonOracle.write(table, a);
    PaimonOracle.write(table, b);

    // Paimon rescales: 4 buckets, and partition a rewritten with them.
    org.apache.paimon.catalog.Identifier id =
        org.apache.paimon.catalog.Identifier.create(PDB, name);
    paimonOnPaimon
        .catalog()
        .alterTable(id, org.apache.paimon.schema.SchemaChange.setOption("bucket", "4"), false);
    PaimonOracle.overwrite(paimonOnPaimon.table(PDB, name), Map.of("p", "a"), a);
    assertThat(bucketLayout(name)).containsExactly("a:4", "b:2");
    String sparkTable = PAIMON_CATALOG + "." + PDB + "." + name;
    spark.catalog().refreshTable(sparkTable);
    checkStrataReadsAsPaimon(sparkTable, name, "after Paimon's rescale");

    // Strata upserts into b (still 2 buckets) and writes a new partition c (4 buckets).
    spark.sql(
        "INSERT INTO "
            + sparkTable
            + " SELECT 'b', id, concat('b-strata', id) FROM range(20, 60, 1, 3)"
            + " UNION ALL SELECT 'c', id, 'c' FROM range(0, 30, 1, 3)");
    assertThat(bucketLayout(name)).containsExactly("a:4", "b:2", "c:4");
    List<String> written = PaimonOracle.rows(paimonOnPaimon.table(PDB, name));
    assertThat(written)
        .hasSize(130)
        .contains("b | 19 | b19", "b | 20 | b-strata20", "b | 59 | b-strata59", "c | 7 | c");
    checkStrataReadsAsPaimon(sparkTable, name, "after Strata's upsert into b");

    // Strata rescales: 3 buckets, and partition b rewritten with them; a and c keep 4.
    spark.sql("ALTER TABLE " + sparkTable + " SET TBLPROPERTIES ('bucket' = '3')");
    spark.sql(
        "INSERT OVERWRITE "
            + sparkTable
            + " PARTITION (p = 'b') SELECT id, v FROM "
            + sparkTable
            + " WHERE p = 'b'");
    assertThat(bucketLayout(name)).containsExactly("a:4", "b:3", "c:4");
    assertThat(PaimonOracle.rows(paimonOnPaimon.table(PDB, name)))
        .containsExactlyElementsOf(written);
    checkStrataReadsAsPaimon(sparkTable, name, "after Strata's rescale");

    // Paimon adds to the partition Strata rescaled, as its own; a partition of the old count it
    // refuses until it is overwritten, where Strata adds to it in its layout.
    FileStoreTable rescaled = paimonOnPaimon.table(PDB, name);
    PaimonOracle.write(
        rescaled, List.of(postponedRow("b", 0, "b-paimon"), postponedRow("d", 1, "d")));
    assertThatThrownBy(() -> PaimonOracle.write(rescaled, List.of(postponedRow("c", 0, "x"))))
        .hasStackTraceContaining("with a new bucket num 3, but the previous bucket num is 4");
    spark.sql("INSERT INTO " + sparkTable + " VALUES ('c', 0, 'c-strata'), ('a', 0, 'a-strata')");
    assertThat(bucketLayout(name)).containsExactly("a:4", "b:3", "c:4", "d:3");
    List<String> last = PaimonOracle.rows(paimonOnPaimon.table(PDB, name));
    assertThat(last)
        .hasSize(131)
        .contains("b | 0 | b-paimon", "d | 1 | d", "c | 0 | c-strata", "a | 0 | a-strata");
    checkStrataReadsAsPaimon(sparkTable, name, "after both engines added rows");

    // Strata's compaction keeps each partition's count; Paimon reads the same rows.
    spark.sql("CALL " + PAIMON_CATALOG + ".sys.compact('" + PDB + "." + name + "')").collect();
    assertThat(bucketLayout(name)).containsExactly("a:4", "b:3", "c:4", "d:3");
    assertThat(PaimonOracle.rows(paimonOnPaimon.table(PDB, name))).containsExactlyElementsOf(last);
    checkStrataReadsAsPaimon(sparkTable, name, "after Strata's compaction");
  }

  @Test
  void anEmptyTableChangesItsBucketLayoutInEitherEngine() throws Exception {
    Schema schema = keyedByPartition(null);
    // Paimon turns its empty dynamic-bucket table into 3 fixed buckets; Strata writes by them.
    String name = "p_empty_relayout";
    createPaimonTable(name, schema);
    paimonOnPaimon
        .catalog()
        .alterTable(
            org.apache.paimon.catalog.Identifier.create(PDB, name),
            org.apache.paimon.schema.SchemaChange.setOption("bucket", "3"),
            false);
    String sparkTable = PAIMON_CATALOG + "." + PDB + "." + name;
    spark.catalog().refreshTable(sparkTable);
    spark.sql("INSERT INTO " + sparkTable + " SELECT 'a', id, 'strata' FROM range(0, 30)");
    assertThat(bucketLayout(name)).containsExactly("a:3");
    PaimonOracle.write(paimonOnPaimon.table(PDB, name), List.of(postponedRow("a", 0, "paimon")));
    assertThat(PaimonOracle.rows(paimonOnPaimon.table(PDB, name)))
        .hasSize(30)
        .contains("a | 0 | paimon", "a | 29 | strata");
    checkStrataReadsAsPaimon(sparkTable, name, "after Paimon changed the empty table's layout");

    // Strata turns its empty fixed-bucket table into a dynamic-bucket one; Paimon writes by it.
    String mine = "p_empty_dynamic";
    String strataTable = PAIMON_CATALOG + "." + PDB + "." + mine;
    createKeyedByPartition(strataTable, 2);
    spark.sql("ALTER TABLE " + strataTable + " SET TBLPROPERTIES ('bucket' = '-1')");
    spark.sql("INSERT INTO " + strataTable + " SELECT 'a', id, 'strata' FROM range(0, 30)");
    FileStoreTable dynamic = paimonOnPaimon.table(PDB, mine);
    assertThat(dynamic.coreOptions().bucket()).isEqualTo(-1);
    PaimonOracle.writeDynamicBucket(
        dynamic, List.of(postponedRow("a", 0, "paimon"), postponedRow("b", 1, "b")));
    assertThat(PaimonOracle.rows(paimonOnPaimon.table(PDB, mine)))
        .hasSize(31)
        .contains("a | 0 | paimon", "a | 29 | strata", "b | 1 | b");
    checkStrataReadsAsPaimon(strataTable, mine, "after Strata changed the empty table's layout");
  }

  /**
   * Strata's {@code CALL sys.rescale} of a fixed-bucket and a postponed-bucket table: Paimon reads
   * the rescaled partitions, and adds to a fixed-bucket one as its own.
   */
  @Test
  void paimonReadsAndWritesPartitionsStrataRescaledByProcedure() throws Exception {
    String fixed = "p_rescale_proc";
    String fixedTable = PAIMON_CATALOG + "." + PDB + "." + fixed;
    createKeyedByPartition(fixedTable, 2);
    spark.sql(
        "INSERT INTO "
            + fixedTable
            + " SELECT IF(id < 30, 'a', 'b'), id, concat('v', id) FROM range(0, 60, 1, 3)");
    spark.sql("INSERT INTO " + fixedTable + " SELECT 'a', id, 'upserted' FROM range(20, 30)");
    spark.sql("ALTER TABLE " + fixedTable + " SET TBLPROPERTIES ('bucket' = '3')");
    spark.sql(
        "CALL "
            + PAIMON_CATALOG
            + ".sys.rescale(table => '"
            + PDB
            + "."
            + fixed
            + "', partitions => 'p=a')");
    assertThat(bucketLayout(fixed)).containsExactly("a:3", "b:2");
    checkStrataReadsAsPaimon(fixedTable, fixed, "after Strata's rescale procedure");
    PaimonOracle.write(paimonOnPaimon.table(PDB, fixed), List.of(postponedRow("a", 0, "paimon")));
    assertThat(PaimonOracle.rows(paimonOnPaimon.table(PDB, fixed)))
        .hasSize(60)
        .contains("a | 0 | paimon", "a | 25 | upserted", "b | 59 | v59");
    checkStrataReadsAsPaimon(fixedTable, fixed, "after Paimon wrote the rescaled partition");

    String postponed = "p_rescale_postponed";
    String postponedTable = PAIMON_CATALOG + "." + PDB + "." + postponed;
    createKeyedByPartition(postponedTable, -2);
    spark.sql(
        "INSERT INTO "
            + postponedTable
            + " SELECT IF(id < 30, 'a', 'b'), id, 'x' FROM range(0, 60, 1, 3)");
    spark.sql(
        "CALL "
            + PAIMON_CATALOG
            + ".sys.rescale(table => '"
            + PDB
            + "."
            + postponed
            + "', bucket_num => 4, where => \"p = 'b'\")");
    assertThat(bucketLayout(postponed)).containsExactly("a:1", "b:4");
    assertThat(PaimonOracle.rows(paimonOnPaimon.table(PDB, postponed))).hasSize(60);
    checkStrataReadsAsPaimon(postponedTable, postponed, "after Strata rescaled a postponed table");
  }

  @Test
  void eitherEngineReadsManifestsTheOtherCompacted() throws Exception {
    String name = "p_compact_manifest";
    String table = PAIMON_CATALOG + "." + PDB + "." + name;
    createKeyedByPartition(table, 2);
    spark.sql("ALTER TABLE " + table + " SET TBLPROPERTIES ('manifest.merge-min-count' = '100')");
    spark.sql("INSERT INTO " + table + " SELECT IF(id < 10, 'a', 'b'), id, 'x' FROM range(0, 20)");
    spark.sql("INSERT INTO " + table + " SELECT 'a', id, 'upserted' FROM range(5, 12)");
    spark.sql(
        "INSERT OVERWRITE " + table + " PARTITION (p = 'b') SELECT id, 'y' FROM range(30, 33)");
    spark.sql(
        "CALL " + PAIMON_CATALOG + ".sys.compact_manifest(table => '" + PDB + "." + name + "')");

    FileStoreTable paimon = paimonOnPaimon.table(PDB, name);
    assertManifestsCompacted(paimon);
    assertThat(PaimonOracle.rows(paimon)).hasSize(15).contains("a | 7 | upserted", "b | 31 | y");
    checkStrataReadsAsPaimon(table, name, "after Strata compacted the manifests");

    PaimonOracle.write(paimon, List.of(postponedRow("b", 30, "paimon")));
    PaimonOracle.overwrite(paimon, Map.of("p", "a"), List.of(postponedRow("a", 1, "paimon")));
    PaimonOracle.compactManifests(paimon);
    assertManifestsCompacted(paimon);
    checkStrataReadsAsPaimon(table, name, "after Paimon compacted the manifests");
    assertThat(sparkRows(table)).contains("a | 1 | paimon", "b | 30 | paimon").hasSize(4);
  }

  @Test
  void paimonWritesATableStrataPurged() {
    String name = "p_purged";
    String table = PAIMON_CATALOG + "." + PDB + "." + name;
    createKeyedByPartition(table, 2);
    spark.sql("INSERT INTO " + table + " SELECT IF(id < 5, 'a', 'b'), id, 'x' FROM range(0, 10)");
    spark.sql(
        "CALL "
            + PAIMON_CATALOG
            + ".sys.create_tag(table => '"
            + PDB
            + "."
            + name
            + "', tag => 't1')");
    spark.sql("CALL " + PAIMON_CATALOG + ".sys.purge_files(table => '" + PDB + "." + name + "')");

    FileStoreTable paimon = paimonOnPaimon.table(PDB, name);
    assertThat(paimon.snapshotManager().latestSnapshot()).isNull();
    assertThat(paimon.tagManager().allTagNames()).isEmpty();
    assertThat(PaimonOracle.rows(paimon)).isEmpty();
    PaimonOracle.write(paimon, List.of(postponedRow("b", 7, "paimon")));
    checkStrataReadsAsPaimon(table, name, "after Strata purged the table and Paimon wrote it");
    assertThat(sparkRows(table)).containsExactly("b | 7 | paimon");
    assertThat(paimon.snapshotManager().latestSnapshot().id()).isEqualTo(1);
  }

  /** The latest snapshot is a COMPACT one whose data manifests hold no DELETE entry. */
  private static void assertManifestsCompacted(FileStoreTable paimon) {
    org.apache.paimon.Snapshot latest = paimon.snapshotManager().latestSnapshot();
    assertThat(latest.commitKind()).isEqualTo(org.apache.paimon.Snapshot.CommitKind.COMPACT);
    assertThat(paimon.store().manifestListFactory().create().readDataManifests(latest))
        .isNotEmpty()
        .allMatch(m -> m.numDeletedFiles() == 0);
  }

  /** {@link #keyedByPartition}'s table, created through Strata's catalog. */
  private static void createKeyedByPartition(String sparkTable, int bucket) {
    spark.sql(
        "CREATE TABLE "
            + sparkTable
            + " (p STRING, id BIGINT NOT NULL, v STRING) PARTITIONED BY (p)"
            + " TBLPROPERTIES ('primary-key' = 'p,id', 'bucket' = '"
            + bucket
            + "')");
  }

  /**
   * (p, id, v) with primary key (p, id), partitioned by p; {@code bucket} null: Paimon's default.
   */
  private static Schema keyedByPartition(String bucket) {
    Schema.Builder builder =
        Schema.newBuilder()
            .column("p", DataTypes.STRING())
            .column("id", DataTypes.BIGINT().notNull())
            .column("v", DataTypes.STRING())
            .partitionKeys("p")
            .primaryKey("p", "id");
    if (bucket != null) {
      builder.option("bucket", bucket);
    }
    return builder.build();
  }

  private static GenericRow noted(RowKind kind, String p, long id, String v) {
    return GenericRow.ofKind(
        kind, BinaryString.fromString(p), id, BinaryString.fromString(v), null);
  }

  private static GenericRow postponedRow(String p, long id, String v) {
    return GenericRow.of(BinaryString.fromString(p), id, BinaryString.fromString(v));
  }

  /** The table as Paimon's postponed-bucket compaction writes it: with a real bucket count. */
  private static FileStoreTable withBuckets(FileStoreTable table, int buckets) {
    Map<String, String> options = new java.util.HashMap<>(table.schema().options());
    options.put("bucket", String.valueOf(buckets));
    return table.copy(table.schema().copy(options));
  }

  /**
   * Paimon's bitmap file indexes, both versions (version 2 with small index blocks, so values span
   * several), in the manifest and in files: Strata skips the files whose bitmap rules out an
   * equality, IN or IS NULL, as Paimon's own index evaluation does, and reads the same rows.
   */
  @Test
  void strataSkipsFilesByPaimonsBitmapIndexes() throws Exception {
    for (String version : List.of("1", "2")) {
      for (String threshold : List.of("64 kb", "1 b")) {
        String name = "p_bitmap_v" + version + (threshold.equals("1 b") ? "_files" : "_embedded");
        Schema schema =
            Schema.newBuilder()
                .column("id", DataTypes.BIGINT())
                .column("k", DataTypes.INT())
                .column("s", DataTypes.STRING())
                .option("bucket", "-1")
                .option("file-index.bitmap.columns", "k,s")
                // Per column: Paimon 1.3.1 reads no table-wide 'file-index.bitmap.version'.
                .option("file-index.bitmap.k.version", version)
                .option("file-index.bitmap.s.version", version)
                .option("file-index.bitmap.s.index-block-size", "64 b")
                .option("file-index.in-manifest-threshold", threshold)
                .build();
        createPaimonTable(name, schema);
        for (int c = 0; c < 6; c++) {
          List<GenericRow> rows = new ArrayList<>();
          for (int i = 0; i < 100; i++) {
            String str = bitmapString(c, i);
            rows.add(
                GenericRow.of(
                    bitmapId(c, i),
                    bitmapK(c, i),
                    str == null ? null : BinaryString.fromString(str)));
          }
          PaimonOracle.write(paimonOnPaimon.table(PDB, name), rows);
        }
        String t = PAIMON_CATALOG + "." + PDB + "." + name;
        assertThat(spark.sql("SELECT count(*) FROM " + t + " WHERE k = 12").first().getLong(0))
            .isEqualTo(20L);
        assertThat(
                spark
                    .sql("SELECT count(*) FROM " + t + " WHERE s IN ('s4-7', 's1-19')")
                    .first()
                    .getLong(0))
            .isEqualTo(10L);
        assertThat(sparkRows("(SELECT id FROM " + t + " WHERE s IS NULL)"))
            .containsExactlyInAnyOrder("0", "200", "400");

        FileStoreTable paimon = paimonOnPaimon.table(PDB, name);
        org.apache.paimon.predicate.PredicateBuilder where =
            new org.apache.paimon.predicate.PredicateBuilder(paimon.rowType());
        io.strata.core.table.FileStoreTable strata = StrataCore.table(paimonWarehouse, PDB, name);
        io.strata.core.types.RowType rowType = strata.schema().rowType();
        Map<String, io.strata.core.predicate.Predicate> strataFilters = new LinkedHashMap<>();
        Map<String, org.apache.paimon.predicate.Predicate> paimonFilters = new LinkedHashMap<>();
        strataFilters.put(
            "k = 12", leaf(rowType, 1, io.strata.core.predicate.LeafPredicate.Op.EQ, 12));
        paimonFilters.put("k = 12", where.equal(1, 12));
        strataFilters.put(
            "s IN",
            leaf(rowType, 2, io.strata.core.predicate.LeafPredicate.Op.IN, "s4-7", "s1-19"));
        paimonFilters.put(
            "s IN",
            where.in(
                2, List.of(BinaryString.fromString("s4-7"), BinaryString.fromString("s1-19"))));
        strataFilters.put(
            "s IS NULL", leaf(rowType, 2, io.strata.core.predicate.LeafPredicate.Op.IS_NULL));
        paimonFilters.put("s IS NULL", where.isNull(2));
        List<io.strata.core.split.DataSplit> splits =
            strata.newScan().plan(strata.snapshotManager().latest()).splits();
        Map<String, org.apache.paimon.io.DataFileMeta> paimonFiles = new HashMap<>();
        for (org.apache.paimon.table.source.Split s :
            paimon.newReadBuilder().newScan().plan().splits()) {
          for (org.apache.paimon.io.DataFileMeta f :
              ((org.apache.paimon.table.source.DataSplit) s).dataFiles()) {
            paimonFiles.put(f.fileName(), f);
          }
        }
        assertThat(splits.stream().mapToInt(x -> x.files().size()).sum()).isEqualTo(6);
        for (String filter : strataFilters.keySet()) {
          int kept = 0;
          for (io.strata.core.split.DataSplit split : splits) {
            for (io.strata.core.manifest.DataFileMeta f : split.files()) {
              boolean strataKeeps =
                  !io.strata.core.scan.FileIndexes.excludes(
                      strata, split, f, strataFilters.get(filter));
              assertThat(strataKeeps)
                  .as("%s, %s, %s", name, filter, f.fileName())
                  .isEqualTo(
                      paimonIndexKeeps(
                          paimon, 0, paimonFiles.get(f.fileName()), paimonFilters.get(filter)));
              kept += strataKeeps ? 1 : 0;
            }
          }
          assertThat(kept).as("%s, %s", name, filter).isEqualTo(BITMAP_FILES_KEPT.get(filter));
        }
      }
    }
  }

  // The rows of the bitmap index tests: six files of 100 rows. k takes ten values per file, the
  // same in files c and c + 3; s holds strings of its own file only, and a null in even files.
  private static long bitmapId(int file, int row) {
    return file * 100L + row;
  }

  private static int bitmapK(int file, int row) {
    return (file % 3) * 10 + row % 10;
  }

  private static String bitmapString(int file, int row) {
    return file % 2 == 0 && row == 0 ? null : "s" + file + "-" + (row % 20);
  }

  /** Of those six files, how many may hold rows for each filter of the bitmap tests. */
  private static final Map<String, Integer> BITMAP_FILES_KEPT =
      Map.of("k = 12", 2, "s IN", 2, "s IS NULL", 3);

  /**
   * Strata writes bitmap file indexes in both versions (version 2 in small blocks), embedded and in
   * files: Paimon 1.3.1's own evaluation keeps exactly the files Strata's keeps, and Paimon's
   * filtered read, which selects rows by the bitmaps' positions, returns exactly the matching rows.
   * The same holds for indexes {@code CALL sys.rewrite_file_index} gave files written before the
   * options, after the snapshots without them expired.
   */
  @Test
  void paimonReadsTheBitmapIndexesStrataWrites() throws Exception {
    for (boolean rewritten : List.of(false, true)) {
      for (String version : List.of("1", "2")) {
        for (String threshold : List.of("64 kb", "1 b")) {
          String name =
              "s_bitmap_v"
                  + version
                  + (threshold.equals("1 b") ? "_files" : "_embedded")
                  + (rewritten ? "_rewritten" : "");
          String t = "strata." + DB + "." + name;
          String indexOptions =
              "'file-index.bitmap.columns' = 'k,s',"
                  + " 'file-index.bitmap.k.version' = '"
                  + version
                  + "', 'file-index.bitmap.s.version' = '"
                  + version
                  + "', 'file-index.bitmap.s.index-block-size' = '64 b',"
                  + " 'file-index.in-manifest-threshold' = '"
                  + threshold
                  + "'";
          spark.sql(
              "CREATE TABLE "
                  + t
                  + " (id BIGINT, k INT, s STRING) TBLPROPERTIES ('bucket' = '-1',"
                  + " 'write-only' = 'true'"
                  + (rewritten ? "" : ", " + indexOptions)
                  + ")");
          for (int c = 0; c < 6; c++) {
            StringBuilder values = new StringBuilder();
            for (int i = 0; i < 100; i++) {
              String str = bitmapString(c, i);
              values.append(i == 0 ? "" : ", ").append("(").append(bitmapId(c, i)).append(", ");
              values.append(bitmapK(c, i)).append(", ");
              values.append(str == null ? "NULL" : "'" + str + "'").append(")");
            }
            spark
                .sql(
                    "INSERT INTO "
                        + t
                        + " SELECT /*+ REPARTITION(1) */ * FROM VALUES "
                        + values
                        + " AS v(id, k, s)")
                .collect();
          }
          if (rewritten) {
            // Files written before the options get their index from CALL sys.rewrite_file_index:
            // the
            // same file, deleted and added again in one snapshot with the index; then the snapshots
            // that listed it without one expire.
            spark.sql("ALTER TABLE " + t + " SET TBLPROPERTIES (" + indexOptions + ")");
            Row written =
                spark
                    .sql("CALL strata.sys.rewrite_file_index(table => '" + DB + "." + name + "')")
                    .first();
            assertThat(written.getInt(1)).isEqualTo(6);
            spark
                .sql(
                    "CALL strata.sys.expire_snapshots(table => '"
                        + DB
                        + "."
                        + name
                        + "', retain_max => 1, retain_min => 1)")
                .collect();
          }
          FileStoreTable paimon = paimonOnStrata.table(DB, name);
          org.apache.paimon.predicate.PredicateBuilder where =
              new org.apache.paimon.predicate.PredicateBuilder(paimon.rowType());
          Map<String, org.apache.paimon.predicate.Predicate> filters = new LinkedHashMap<>();
          filters.put("k = 12", where.equal(1, 12));
          filters.put(
              "s IN",
              where.in(
                  2, List.of(BinaryString.fromString("s4-7"), BinaryString.fromString("s1-19"))));
          filters.put("s IS NULL", where.isNull(2));
          Map<String, Long> expectedRows = Map.of("k = 12", 20L, "s IN", 10L, "s IS NULL", 3L);
          for (String filter : filters.keySet()) {
            int files = 0;
            int kept = 0;
            for (org.apache.paimon.table.source.Split split :
                paimon.newReadBuilder().newScan().plan().splits()) {
              for (org.apache.paimon.io.DataFileMeta f :
                  ((org.apache.paimon.table.source.DataSplit) split).dataFiles()) {
                files++;
                assertThat(f.embeddedIndex() != null).isEqualTo(threshold.equals("64 kb"));
                kept += paimonIndexKeeps(paimon, 0, f, filters.get(filter)) ? 1 : 0;
              }
            }
            assertThat(files).isEqualTo(6);
            assertThat(kept).as("%s, %s", name, filter).isEqualTo(BITMAP_FILES_KEPT.get(filter));
            org.apache.paimon.table.source.ReadBuilder read =
                paimon.newReadBuilder().withFilter(filters.get(filter));
            List<String> rows = new ArrayList<>();
            read.newRead()
                .createReader(read.newScan().plan())
                .forEachRemaining(
                    r -> rows.add(r.getInt(1) + " " + (r.isNullAt(2) ? null : r.getString(2))));
            assertThat(rows)
                .as("%s, %s", name, filter)
                .hasSize(expectedRows.get(filter).intValue());
            // The bitmaps select the rows: each holds the value its bitmap was built for.
            assertThat(rows)
                .as("%s, %s", name, filter)
                .allMatch(
                    r ->
                        switch (filter) {
                          case "k = 12" -> r.startsWith("12 ");
                          case "s IN" -> r.endsWith(" s4-7") || r.endsWith(" s1-19");
                          default -> r.endsWith(" null");
                        });
          }
          assertThat(spark.sql("SELECT count(*) FROM " + t + " WHERE k = 12").first().getLong(0))
              .isEqualTo(20L);
        }
      }
    }
  }

  /**
   * Paimon's compaction moves a file that needs no rewrite to a higher level by naming it twice in
   * one snapshot (DELETE at its old level, ADD at the new one). Expiring that snapshot's
   * predecessors must keep the file, which every later snapshot reads.
   */
  @Test
  void expirationKeepsFilesPaimonsCompactionUpgradedWithoutRewriting() throws Exception {
    String name = "p_upgraded";
    Schema schema =
        Schema.newBuilder()
            .column("id", DataTypes.BIGINT().notNull())
            .column("v", DataTypes.STRING())
            .primaryKey("id")
            .option("bucket", "1")
            .build();
    createPaimonTable(name, schema);
    PaimonOracle.write(
        paimonOnPaimon.table(PDB, name),
        List.of(
            GenericRow.of(1L, BinaryString.fromString("a")),
            GenericRow.of(2L, BinaryString.fromString("b"))));
    PaimonOracle.compactFully(paimonOnPaimon.table(PDB, name));
    FileStoreTable paimon = paimonOnPaimon.table(PDB, name);
    // The compaction upgraded the one level-0 file: the same file, now at the top level.
    List<org.apache.paimon.io.DataFileMeta> files = new ArrayList<>();
    for (org.apache.paimon.table.source.Split split :
        paimon.newReadBuilder().newScan().plan().splits()) {
      files.addAll(((org.apache.paimon.table.source.DataSplit) split).dataFiles());
    }
    assertThat(files).hasSize(1);
    assertThat(files.get(0).level()).isEqualTo(5);
    assertThat(files.get(0).fileSource().orElseThrow())
        .isEqualTo(org.apache.paimon.manifest.FileSource.APPEND);

    String t = PAIMON_CATALOG + "." + PDB + "." + name;
    String call = "CALL " + PAIMON_CATALOG + ".sys.%s(table => '" + PDB + "." + name + "', %s)";
    // A tag of the version before the upgrade holds the file at level 0.
    spark.sql(String.format(call, "create_tag", "tag => 'before', snapshot_id => 1")).collect();
    spark
        .sql(String.format(call, "expire_snapshots", "retain_max => 1, retain_min => 1"))
        .collect();
    assertThat(PaimonOracle.snapshots(paimon)).hasSize(1);
    assertThat(sparkRows(t)).containsExactly("1 | a", "2 | b");
    spark.sql(String.format(call, "delete_tag", "tag => 'before'")).collect();
    assertThat(sparkRows(t)).containsExactly("1 | a", "2 | b");
    assertThat(PaimonOracle.rows(paimonOnPaimon.table(PDB, name))).hasSize(2);

    // Rolled back across an upgrade: the version rolled back to reads the file at level 0.
    String other = "p_upgraded_rollback";
    createPaimonTable(other, schema);
    PaimonOracle.write(
        paimonOnPaimon.table(PDB, other), List.of(GenericRow.of(1L, BinaryString.fromString("a"))));
    PaimonOracle.compactFully(paimonOnPaimon.table(PDB, other));
    spark
        .sql(
            "CALL "
                + PAIMON_CATALOG
                + ".sys.rollback(table => '"
                + PDB
                + "."
                + other
                + "', snapshot => 1)")
        .collect();
    assertThat(sparkRows(PAIMON_CATALOG + "." + PDB + "." + other)).containsExactly("1 | a");
    assertThat(PaimonOracle.rows(paimonOnPaimon.table(PDB, other))).hasSize(1);
  }

  /**
   * Whether Paimon 1.3.1's own evaluation of {@code file}'s index (in the manifest, or its {@code
   * .index} file in the bucket directory of an unpartitioned table) keeps the file for {@code
   * filter}.
   */
  private static boolean paimonIndexKeeps(
      FileStoreTable paimon,
      int bucket,
      org.apache.paimon.io.DataFileMeta file,
      org.apache.paimon.predicate.Predicate filter)
      throws Exception {
    try (org.apache.paimon.fileindex.FileIndexPredicate index =
        file.embeddedIndex() != null
            ? new org.apache.paimon.fileindex.FileIndexPredicate(
                file.embeddedIndex(), paimon.rowType())
            : new org.apache.paimon.fileindex.FileIndexPredicate(
                new org.apache.paimon.fs.Path(
                    paimon.location() + "/bucket-" + bucket + "/" + file.extraFiles().get(0)),
                paimon.fileIO(),
                paimon.rowType())) {
      return index.evaluate(filter).remain();
    }
  }

  private static io.strata.core.predicate.Predicate leaf(
      io.strata.core.types.RowType rowType,
      int field,
      io.strata.core.predicate.LeafPredicate.Op op,
      Object... literals) {
    return new io.strata.core.predicate.LeafPredicate(
        field, rowType.field(field).name(), rowType.typeAt(field), op, List.of(literals));
  }

  /**
   * Paimon's bloom-filter file indexes ({@code file-index.bloom-filter.columns}), embedded in the
   * manifest or kept as {@code <data file>.index}: Strata's readers skip the files whose index
   * rules an equality or IN out (never one holding the value) and read the same rows as Paimon.
   */
  @Test
  void strataSkipsFilesByPaimonsBloomFilterIndexes() throws Exception {
    for (String threshold : List.of("64 kb", "1 b")) {
      String name = threshold.equals("1 b") ? "p_bloom_files" : "p_bloom_embedded";
      Schema schema =
          Schema.newBuilder()
              .column("id", DataTypes.BIGINT())
              .column("s", DataTypes.STRING())
              .column("v", DataTypes.INT())
              .option("bucket", "-1")
              .option("file-index.bloom-filter.columns", "id,s")
              .option("file-index.in-manifest-threshold", threshold)
              // Sized for the 200 rows of a file (the default, a million items, makes it too big
              // to embed).
              .option("file-index.bloom-filter.id.items", "200")
              .option("file-index.bloom-filter.s.items", "200")
              .build();
      FileStoreTable table = createPaimonTable(name, schema);
      for (int c = 0; c < 6; c++) {
        List<GenericRow> rows = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
          // Every file spans the same id range, so only the index can tell them apart.
          long id = i * 6L + c;
          rows.add(GenericRow.of(id, BinaryString.fromString("s" + id), c));
        }
        PaimonOracle.write(paimonOnPaimon.table(PDB, name), rows);
      }
      String t = PAIMON_CATALOG + "." + PDB + "." + name;
      for (String columnar : List.of("true", "false")) {
        spark.conf().set("spark.strata.read.columnar.enabled", columnar);
        try {
          assertThat(sparkRows("(SELECT * FROM " + t + " WHERE id = 603)"))
              .as(name + " columnar " + columnar)
              .containsExactly("603 | s603 | 3");
          assertThat(sparkRows("(SELECT * FROM " + t + " WHERE s IN ('s10', 's605'))"))
              .containsExactlyInAnyOrder("10 | s10 | 4", "605 | s605 | 5");
          assertThat(sparkRows("(SELECT * FROM " + t + " WHERE id = 5000)")).isEmpty();
        } finally {
          spark.conf().unset("spark.strata.read.columnar.enabled");
        }
      }
      assertThat(spark.sql("SELECT count(*) FROM " + t).collectAsList().get(0).getLong(0))
          .isEqualTo(1200L);

      io.strata.core.table.FileStoreTable strata = StrataCore.table(paimonWarehouse, PDB, name);
      List<io.strata.core.manifest.DataFileMeta> files = new ArrayList<>();
      List<io.strata.core.split.DataSplit> splits =
          strata.newScan().plan(strata.snapshotManager().latest()).splits();
      io.strata.core.types.RowType rowType = strata.schema().rowType();
      io.strata.core.predicate.Predicate equals603 =
          new io.strata.core.predicate.LeafPredicate(
              0,
              "id",
              rowType.typeAt(0),
              io.strata.core.predicate.LeafPredicate.Op.EQ,
              List.of(603L));
      io.strata.core.predicate.Predicate stringIs603 =
          new io.strata.core.predicate.LeafPredicate(
              1,
              "s",
              rowType.typeAt(1),
              io.strata.core.predicate.LeafPredicate.Op.EQ,
              List.of("s603"));
      int excludedById = 0;
      int excludedByString = 0;
      for (io.strata.core.split.DataSplit split : splits) {
        for (io.strata.core.manifest.DataFileMeta f : split.files()) {
          files.add(f);
          assertThat(f.embeddedIndex() == null).as(name).isEqualTo(threshold.equals("1 b"));
          if (io.strata.core.scan.FileIndexes.excludes(strata, split, f, equals603)) {
            excludedById++;
          }
          if (io.strata.core.scan.FileIndexes.excludes(strata, split, f, stringIs603)) {
            excludedByString++;
          }
        }
      }
      assertThat(files).hasSize(6);
      // The file holding 603 stays (the queries above found it); bloom filters (fpp 0.1) rule
      // most of the other five out.
      assertThat(excludedById).as(name).isBetween(3, 5);
      assertThat(excludedByString).as(name).isBetween(3, 5);
    }
  }

  /**
   * Strata's writers build the bloom-filter file indexes the table asks for, in Paimon's format:
   * Paimon's own index evaluation (embedded in the manifest and in {@code .index} files) rules out
   * the same files Strata's does, and never the one holding the value.
   */
  @Test
  void paimonReadsTheBloomFilterIndexesStrataWrites() throws Exception {
    for (String items : List.of("200", "1000000")) {
      String name = items.equals("200") ? "s_bloom_embedded" : "s_bloom_files";
      String t = "strata." + DB + "." + name;
      spark.sql(
          "CREATE TABLE "
              + t
              + " (id BIGINT, s STRING, v INT) TBLPROPERTIES ('bucket' = '-1',"
              + " 'file-index.bloom-filter.columns' = 'id,s',"
              + " 'file-index.bloom-filter.id.items' = '"
              + items
              + "', 'file-index.bloom-filter.s.items' = '"
              + items
              + "', 'file-index.in-manifest-threshold' = '64 kb', 'write-only' = 'true')");
      for (int c = 0; c < 6; c++) {
        StringBuilder values = new StringBuilder();
        for (int i = 0; i < 200; i++) {
          long id = i * 6L + c;
          values.append(i == 0 ? "" : ", ").append("(").append(id).append(", 's").append(id);
          values.append("', ").append(c).append(")");
        }
        spark
            .sql("INSERT INTO " + t + " SELECT * FROM VALUES " + values + " AS v(id, s, v)")
            .collect();
      }
      FileStoreTable paimon = paimonOnStrata.table(DB, name);
      org.apache.paimon.predicate.PredicateBuilder where =
          new org.apache.paimon.predicate.PredicateBuilder(paimon.rowType());
      int skippedById = 0;
      int skippedByString = 0;
      int files = 0;
      for (org.apache.paimon.table.source.Split split :
          paimon.newReadBuilder().newScan().plan().splits()) {
        org.apache.paimon.table.source.DataSplit data =
            (org.apache.paimon.table.source.DataSplit) split;
        for (org.apache.paimon.io.DataFileMeta f : data.dataFiles()) {
          files++;
          assertThat(f.embeddedIndex() != null).as(name).isEqualTo(items.equals("200"));
          if (!paimonIndexKeeps(paimon, data.bucket(), f, where.equal(0, 603L))) {
            skippedById++;
          }
          if (!paimonIndexKeeps(
              paimon, data.bucket(), f, where.equal(1, BinaryString.fromString("s603")))) {
            skippedByString++;
          }
        }
      }
      // Six writes of one or more files each: one file holds 603, most others are ruled out.
      assertThat(files).isGreaterThanOrEqualTo(6);
      assertThat(skippedById).as(name).isBetween(files / 2, files - 1);
      assertThat(skippedByString).as(name).isBetween(files / 2, files - 1);
      List<String> found = new ArrayList<>();
      paimon
          .newReadBuilder()
          .withFilter(where.equal(0, 603L))
          .newRead()
          .createReader(paimon.newReadBuilder().withFilter(where.equal(0, 603L)).newScan().plan())
          .forEachRemaining(r -> found.add(r.getLong(0) + " " + r.getString(1)));
      assertThat(found).contains("603 s603");
      assertThat(sparkRows("(SELECT * FROM " + t + " WHERE s = 's603')"))
          .containsExactly("603 | s603 | 3");
    }
  }

  /**
   * A primary-key table with deletion vectors holds each key once in the files it reads, so both
   * skip its files by their bloom-filter indexes: Paimon by the indexes Strata writes into its key
   * files, Strata by Paimon's; a filter on a non-key column finds the same rows in both.
   */
  @Test
  void bothSkipPrimaryKeyFilesByTheOthersBloomFilterIndexes() throws Exception {
    String strataName = "s_pk_bloom";
    String t = "strata." + DB + "." + strataName;
    spark.sql(
        "CREATE TABLE "
            + t
            + " (id BIGINT NOT NULL, s STRING, v INT) TBLPROPERTIES ('primary-key' = 'id',"
            + " 'bucket' = '1', 'deletion-vectors.enabled' = 'true',"
            + " 'file-index.bloom-filter.columns' = 's', 'file-index.bloom-filter.s.items' = '200',"
            + " 'num-sorted-run.compaction-trigger' = '10')");
    String paimonName = "p_pk_bloom";
    Schema schema =
        Schema.newBuilder()
            .column("id", DataTypes.BIGINT().notNull())
            .column("s", DataTypes.STRING())
            .column("v", DataTypes.INT())
            .primaryKey("id")
            .option("bucket", "1")
            .option("deletion-vectors.enabled", "true")
            .option("file-index.bloom-filter.columns", "s")
            .option("file-index.bloom-filter.s.items", "200")
            .option("num-sorted-run.compaction-trigger", "10")
            .build();
    createPaimonTable(paimonName, schema);
    for (int c = 0; c < 6; c++) {
      StringBuilder values = new StringBuilder();
      List<GenericRow> rows = new ArrayList<>();
      for (int i = 0; i < 200; i++) {
        long id = i * 6L + c;
        values.append(i == 0 ? "" : ", ").append("(").append(id).append(", 's").append(id);
        values.append("', ").append(c).append(")");
        rows.add(GenericRow.of(id, BinaryString.fromString("s" + id), c));
      }
      spark
          .sql("INSERT INTO " + t + " SELECT * FROM VALUES " + values + " AS v(id, s, v)")
          .collect();
      PaimonOracle.write(paimonOnPaimon.table(PDB, paimonName), rows);
    }
    // An update moves key 603 into a newer file; its old file still holds 's603' but the deletion
    // vector hides that row.
    spark.sql("INSERT INTO " + t + " VALUES (603, 's603x', 9)").collect();
    PaimonOracle.write(
        paimonOnPaimon.table(PDB, paimonName),
        List.of(GenericRow.of(603L, BinaryString.fromString("s603x"), 9)));

    FileStoreTable paimon = paimonOnStrata.table(DB, strataName);
    org.apache.paimon.predicate.PredicateBuilder where =
        new org.apache.paimon.predicate.PredicateBuilder(paimon.rowType());
    int files = 0;
    int ruledOut = 0;
    for (org.apache.paimon.table.source.Split split :
        paimon.newReadBuilder().newScan().plan().splits()) {
      for (org.apache.paimon.io.DataFileMeta f :
          ((org.apache.paimon.table.source.DataSplit) split).dataFiles()) {
        files++;
        assertThat(f.embeddedIndex()).isNotNull();
        try (org.apache.paimon.fileindex.FileIndexPredicate index =
            new org.apache.paimon.fileindex.FileIndexPredicate(
                f.embeddedIndex(), paimon.rowType())) {
          if (!index.evaluate(where.equal(1, BinaryString.fromString("s605"))).remain()) {
            ruledOut++;
          }
        }
      }
    }
    // Compactions merge some of the seven writes' files; the one holding 's605' stays.
    assertThat(files).isGreaterThanOrEqualTo(2);
    assertThat(ruledOut).isBetween(1, files - 1);
    for (String value : List.of("s605", "s603", "s603x")) {
      List<String> found = new ArrayList<>();
      org.apache.paimon.table.source.ReadBuilder read =
          paimon.newReadBuilder().withFilter(where.equal(1, BinaryString.fromString(value)));
      read.newRead()
          .createReader(read.newScan().plan())
          .forEachRemaining(
              r -> {
                if (r.getString(1).toString().equals(value)) {
                  found.add(r.getLong(0) + " | " + r.getString(1) + " | " + r.getInt(2));
                }
              });
      List<String> strataFound = sparkRows("(SELECT * FROM " + t + " WHERE s = '" + value + "')");
      assertThat(strataFound).as(value).isEqualTo(found);
      String p = PAIMON_CATALOG + "." + PDB + "." + paimonName;
      assertThat(sparkRows("(SELECT * FROM " + p + " WHERE s = '" + value + "')"))
          .as(value)
          .isEqualTo(found);
    }
    assertThat(sparkRows("(SELECT * FROM " + t + " WHERE s = 's605')"))
        .containsExactly("605 | s605 | 5");
    assertThat(sparkRows("(SELECT * FROM " + t + " WHERE s = 's603')")).isEmpty();

    io.strata.core.table.FileStoreTable strata = StrataCore.table(paimonWarehouse, PDB, paimonName);
    io.strata.core.predicate.Predicate is605 =
        new io.strata.core.predicate.LeafPredicate(
            1,
            "s",
            strata.schema().rowType().typeAt(1),
            io.strata.core.predicate.LeafPredicate.Op.EQ,
            List.of("s605"));
    int strataFiles = 0;
    int excluded = 0;
    for (io.strata.core.split.DataSplit split :
        strata.newScan().plan(strata.snapshotManager().latest()).splits()) {
      assertThat(split.rawConvertible()).isTrue();
      for (io.strata.core.manifest.DataFileMeta f : split.files()) {
        strataFiles++;
        if (io.strata.core.scan.FileIndexes.excludes(strata, split, f, is605)) {
          excluded++;
        }
      }
    }
    assertThat(strataFiles).isGreaterThanOrEqualTo(2);
    assertThat(excluded).isBetween(1, strataFiles - 1);
  }

  @Test
  void strataFillsColumnDefaultsAsPaimonsWritersDo() throws Exception {
    Schema schema =
        Schema.newBuilder()
            .column("id", DataTypes.BIGINT().notNull())
            .column("s", DataTypes.STRING(), null, "none yet")
            .column("n", DataTypes.INT(), null, "7")
            .column("d", DataTypes.DATE(), null, "2026-12-01")
            .primaryKey("id")
            .option("bucket", "1")
            .build();
    FileStoreTable table = createPaimonTable("p_defaults", schema);
    PaimonOracle.write(table, List.of(GenericRow.of(1L, null, null, null)));
    String name = PAIMON_CATALOG + "." + PDB + ".p_defaults";
    spark.sql("INSERT INTO " + name + " VALUES (2, NULL, NULL, NULL), (3, 'given', 1, NULL)");
    assertThat(PaimonOracle.rows(paimonOnPaimon.table(PDB, "p_defaults")))
        .containsExactly(
            "1 | none yet | 7 | 2026-12-01",
            "2 | none yet | 7 | 2026-12-01",
            "3 | given | 1 | 2026-12-01");
  }

  @Test
  void strataMergesPaimonsLookupTablesAsPaimonOnBothPaths() throws Exception {
    Schema schema =
        Schema.newBuilder()
            .column("id", DataTypes.BIGINT().notNull())
            .column("total", DataTypes.BIGINT())
            .column("names", DataTypes.STRING())
            .primaryKey("id")
            .option("bucket", "1")
            .option("merge-engine", "aggregation")
            .option("fields.total.aggregate-function", "sum")
            .option("fields.names.aggregate-function", "listagg")
            .option("changelog-producer", "lookup")
            .build();
    FileStoreTable table = createPaimonTable("p_lookup_sum", schema);
    // Each commit's lookup compaction writes the key's running total at a lower level, above the
    // older totals it already holds.
    for (long i = 1; i <= 4; i++) {
      PaimonOracle.write(
          table,
          List.of(
              GenericRow.of(1L, i, BinaryString.fromString("a" + i)),
              GenericRow.of(i + 1, 10 * i, BinaryString.fromString("b" + i))));
    }
    List<String> expected = PaimonOracle.rows(paimonOnPaimon.table(PDB, "p_lookup_sum"));
    assertThat(expected).contains("1 | 10 | a1,a2,a3,a4");
    String name = PAIMON_CATALOG + "." + PDB + ".p_lookup_sum";
    for (String columnar : List.of("true", "false")) {
      spark.conf().set("spark.strata.read.columnar.enabled", columnar);
      try {
        Dataset<Row> df = spark.sql("SELECT * FROM " + name);
        assertThat(CanonicalRows.spark(df.collectAsList()))
            .as("columnar " + columnar)
            .containsExactlyElementsOf(expected);
        io.strata.spark.read.StrataScan scan =
            (io.strata.spark.read.StrataScan)
                SparkPlans.find(
                        df.queryExecution().executedPlan(),
                        org.apache.spark.sql.execution.datasources.v2.BatchScanExec.class)
                    .get(0)
                    .scan();
        if (columnar.equals("true")) {
          assertThat(scan.readPath()).isEqualTo(io.strata.spark.read.ReadPath.MERGED_BATCHES);
        }
      } finally {
        spark.conf().unset("spark.strata.read.columnar.enabled");
      }
    }
  }

  private static List<Path> filesEndingWith(Path dir, String suffix) throws IOException {
    try (java.util.stream.Stream<Path> files = Files.walk(dir)) {
      return files
          .filter(f -> Files.isRegularFile(f) && f.getFileName().toString().endsWith(suffix))
          .toList();
    }
  }

  /**
   * {@code bucket-function.type = mod}: Strata reads Paimon's table, prunes buckets by the key's
   * remainder without losing rows, and writes each key into the bucket Paimon would (negative keys
   * included), so Paimon reads Strata's rows where it looks for them.
   */
  @Test
  void strataReadsAndWritesPaimonModBucketTableInPaimonsBuckets() throws Exception {
    Schema schema =
        Schema.newBuilder()
            .column("id", DataTypes.BIGINT().notNull())
            .column("v", DataTypes.STRING())
            .primaryKey("id")
            .option("bucket", "4")
            .option("bucket-function.type", "mod")
            .build();
    FileStoreTable table = createPaimonTable("p_mod_bucket", schema);
    List<InternalRow> rows = new ArrayList<>();
    for (long id = -6; id < 30; id++) {
      rows.add(GenericRow.of(id, org.apache.paimon.data.BinaryString.fromString("v" + id)));
    }
    PaimonOracle.write(table, rows);
    String name = PAIMON_CATALOG + "." + PDB + ".p_mod_bucket";
    List<String> expected = PaimonOracle.rows(paimonOnPaimon.table(PDB, "p_mod_bucket"));
    assertThat(sparkRows(name)).containsExactlyElementsOf(expected);
    // The default hash would send id = 5 to another bucket than 5 mod 4.
    assertStrataFiltersKeepMatchingRows(name);

    spark
        .sql("INSERT INTO " + name + " SELECT id, concat('s', id) FROM range(-9, 40, 3)")
        .collect();
    List<PaimonOracle.BucketedRow> written =
        PaimonOracle.rowsWithBuckets(paimonOnPaimon.table(PDB, "p_mod_bucket"));
    assertThat(written).hasSize(36 + 5);
    for (PaimonOracle.BucketedRow r : written) {
      long id = Long.parseLong(r.rendered().substring(0, r.rendered().indexOf(' ')));
      assertThat(r.bucket()).as(r.rendered()).isEqualTo(Math.floorMod(id, 4));
    }
    assertThat(sparkRows(name))
        .containsExactlyElementsOf(PaimonOracle.rows(paimonOnPaimon.table(PDB, "p_mod_bucket")))
        .contains("-9 | s-9", "5 | v5", "6 | s6", "39 | s39");
    assertThat(spark.sql("SELECT v FROM " + name + " WHERE id IN (-6, 5, 39)").collectAsList())
        .extracting(r -> r.getString(0))
        .containsExactlyInAnyOrder("s-6", "v5", "s39");
  }

  /**
   * Strata prunes by Paimon's stats without losing rows: for every atomic column and each of its
   * values, {@code WHERE column = value} (or IS NULL) returns exactly the rows holding it. The
   * filtered scans of one column run as one UNION ALL job, each branch tagged with its number.
   */
  private static void assertStrataFiltersKeepMatchingRows(String table) {
    Dataset<Row> read = spark.sql("SELECT * FROM " + table);
    List<Row> all = read.collectAsList();
    for (StructField field : read.schema().fields()) {
      if (field.dataType() instanceof ArrayType
          || field.dataType() instanceof MapType
          || field.dataType() instanceof StructType) {
        continue;
      }
      Map<String, List<Row>> byValue = new TreeMap<>();
      for (Row r : all) {
        Object value = r.get(r.fieldIndex(field.name()));
        byValue
            .computeIfAbsent(
                CanonicalRows.sparkValue(field.dataType(), value), v -> new ArrayList<>())
            .add(r);
      }
      List<List<Row>> expected = new ArrayList<>(byValue.values());
      Dataset<Row> union = null;
      for (int i = 0; i < expected.size(); i++) {
        Object value = expected.get(i).get(0).get(expected.get(i).get(0).fieldIndex(field.name()));
        Column column = functions.col(field.name());
        Column filter = value == null ? column.isNull() : column.equalTo(functions.lit(value));
        Dataset<Row> branch =
            read.filter(filter).select(functions.lit(i).as("_branch"), functions.col("*"));
        union = union == null ? branch : union.unionAll(branch);
      }
      Map<Integer, List<String>> actual = new TreeMap<>();
      for (String rendered : CanonicalRows.spark(union.collectAsList())) {
        int bar = rendered.indexOf(" | ");
        actual
            .computeIfAbsent(Integer.parseInt(rendered.substring(0, bar)), k -> new ArrayList<>())
            .add(rendered.substring(bar + 3));
      }
      for (int i = 0; i < expected.size(); i++) {
        assertThat(actual.getOrDefault(i, List.of()))
            .as("%s WHERE %s = %s", table, field.name(), byValue.keySet().toArray()[i])
            .containsExactlyElementsOf(CanonicalRows.spark(expected.get(i)));
      }
    }
  }

  @Test
  void strataReadsPaimonFixedBucketTableAndAgreesOnBuckets() throws Exception {
    Schema schema =
        Schema.newBuilder()
            .column("id", DataTypes.BIGINT())
            .column("name", DataTypes.STRING())
            .column("v", DataTypes.DOUBLE())
            .option("bucket", "4")
            .option("bucket-key", "id,name")
            .build();
    FileStoreTable table = createPaimonTable("p_fixed", schema);
    for (int commit = 0; commit < 3; commit++) {
      List<InternalRow> rows = new ArrayList<>();
      for (long id = commit * 100L; id < commit * 100L + 100; id++) {
        // Short names are stored inline in the key row, long ones in its variable part.
        String name = id % 2 == 0 ? "n" + id : "a-longer-name-" + id;
        rows.add(GenericRow.of(id, str(name), id * 0.5));
      }
      if (commit == 2) {
        rows.add(GenericRow.of(null, str("null id"), null));
      }
      PaimonOracle.write(table, rows);
    }

    FileStoreTable latest = paimonOnPaimon.table(PDB, "p_fixed");
    List<PaimonOracle.BucketedRow> paimonRows = PaimonOracle.rowsWithBuckets(latest);
    assertThat(paimonRows).hasSize(301);
    assertThat(sparkRows(PAIMON_CATALOG + "." + PDB + ".p_fixed"))
        .containsExactlyElementsOf(
            paimonRows.stream().map(PaimonOracle.BucketedRow::rendered).sorted().toList());
    // Strata's bucket function puts every row where Paimon put it.
    io.strata.core.types.RowType keyType =
        StrataCore.table(paimonWarehouse, PDB, "p_fixed")
            .schema()
            .rowType()
            .project(List.of("id", "name"));
    for (PaimonOracle.BucketedRow r : paimonRows) {
      Object[] key = {
        r.row().isNullAt(0) ? null : r.row().getLong(0), r.row().getString(1).toString()
      };
      assertThat(BucketFunction.bucket(keyType, key, 4))
          .as("Strata's bucket of %s", r.rendered())
          .isEqualTo(r.bucket());
    }
  }

  @Test
  void strataReadsPaimonPrimaryKeyTableThroughUpsertsDeletesAndCompactions() throws Exception {
    Schema schema =
        Schema.newBuilder()
            .column("dt", DataTypes.STRING())
            .column("id", DataTypes.INT())
            .column("name", DataTypes.STRING())
            .column("amount", DataTypes.DECIMAL(10, 2))
            .column("ts", DataTypes.TIMESTAMP(3))
            .partitionKeys("dt")
            .primaryKey("dt", "id")
            .option("bucket", "2")
            .option("num-sorted-run.compaction-trigger", "3")
            .build();
    createPaimonTable("p_pk", schema);
    List<List<InternalRow>> commits = new ArrayList<>();
    commits.add(pkRows(RowKind.INSERT, "d1", 1, 20, "v1"));
    commits.get(0).addAll(pkRows(RowKind.INSERT, "d2", 1, 10, "v1"));
    commits.add(pkRows(RowKind.INSERT, "d1", 1, 5, "v2"));
    commits.add(pkRows(RowKind.DELETE, "d1", 6, 7, "gone"));
    commits.get(2).addAll(pkRows(RowKind.UPDATE_AFTER, "d2", 1, 1, "v3"));
    commits.add(pkRows(RowKind.INSERT, "d1", 21, 25, "v4"));
    commits.get(3).addAll(pkRows(RowKind.DELETE, "d2", 2, 2, "gone"));
    commits.add(pkRows(RowKind.INSERT, "d1", 6, 6, "v5-back"));
    commits.add(pkRows(RowKind.DELETE, "d1", 21, 21, "gone"));
    commits.get(5).addAll(pkRows(RowKind.INSERT, "d1", 1, 1, "v6"));
    commits.add(pkRows(RowKind.INSERT, "d1", 2, 4, "v7"));
    commits.add(pkRows(RowKind.UPDATE_BEFORE, "d1", 3, 3, "gone"));

    String sparkTable = PAIMON_CATALOG + "." + PDB + ".p_pk";
    for (int i = 0; i < commits.size(); i++) {
      PaimonOracle.write(paimonOnPaimon.table(PDB, "p_pk"), commits.get(i));
      checkStrataReadsAsPaimon(sparkTable, "p_pk", "after commit " + (i + 1));
    }
    PaimonOracle.overwrite(
        paimonOnPaimon.table(PDB, "p_pk"),
        Map.of("dt", "d2"),
        pkRows(RowKind.INSERT, "d2", 100, 102, "ow"));
    checkStrataReadsAsPaimon(sparkTable, "p_pk", "after overwrite");
    PaimonOracle.write(
        paimonOnPaimon.table(PDB, "p_pk"), pkRows(RowKind.INSERT, "d2", 101, 101, "after-ow"));
    checkStrataReadsAsPaimon(sparkTable, "p_pk", "after the last upsert");

    List<String> kinds = PaimonOracle.snapshots(paimonOnPaimon.table(PDB, "p_pk"));
    assertThat(kinds).as("the table went through compactions").anyMatch(s -> s.contains("COMPACT"));
    // d1: 20 rows, -6 -7 +21..25 +6 -21 -3 = 22; d2 overwritten with 100..102.
    assertThat(sparkRows(sparkTable)).hasSize(25);
  }

  /**
   * A retraction Paimon folds into a {@code max} column cannot be undone: Paimon's read fails, so
   * Strata's does too (rather than read rows Paimon does not), until the column ignores
   * retractions, after which both read the same row.
   */
  @Test
  void aRetractionNoAggregateCanUndoFailsBothReadsUntilIgnored() throws Exception {
    Schema schema =
        Schema.newBuilder()
            .column("id", DataTypes.INT().notNull())
            .column("top", DataTypes.INT())
            .column("total", DataTypes.BIGINT())
            .primaryKey("id")
            .option("bucket", "1")
            .option("merge-engine", "aggregation")
            .option("fields.top.aggregate-function", "max")
            .option("fields.total.aggregate-function", "sum")
            .option("write-only", "true")
            .build();
    createPaimonTable("p_agg_retract", schema);
    String sparkTable = PAIMON_CATALOG + "." + PDB + ".p_agg_retract";
    PaimonOracle.write(
        paimonOnPaimon.table(PDB, "p_agg_retract"), List.of(GenericRow.of(1, 5, 10L)));
    PaimonOracle.write(
        paimonOnPaimon.table(PDB, "p_agg_retract"),
        List.of(GenericRow.ofKind(RowKind.UPDATE_BEFORE, 1, 5, 3L)));

    assertThatThrownBy(() -> PaimonOracle.rows(paimonOnPaimon.table(PDB, "p_agg_retract")))
        .hasStackTraceContaining("does not support retraction");
    assertThatThrownBy(() -> sparkRows(sparkTable))
        .hasStackTraceContaining(
            "into column 'top': its aggregate function 'max' cannot undo a value")
        .hasStackTraceContaining("Set table option 'fields.top.ignore-retract' = 'true'");

    paimonOnPaimon
        .catalog()
        .alterTable(
            org.apache.paimon.catalog.Identifier.create(PDB, "p_agg_retract"),
            org.apache.paimon.schema.SchemaChange.setOption("fields.top.ignore-retract", "true"),
            false);
    spark.catalog().refreshTable(sparkTable);
    checkStrataReadsAsPaimon(sparkTable, "p_agg_retract", "with ignore-retract");
    assertThat(sparkRows(sparkTable)).containsExactly("1 | 5 | 7");
  }

  @Test
  void strataReadsPaimonThinModeFilesByTheKeysInTheirValueColumns() throws Exception {
    Schema schema =
        Schema.newBuilder()
            .column("dt", DataTypes.STRING())
            .column("id", DataTypes.INT())
            .column("name", DataTypes.STRING())
            .column("amount", DataTypes.DECIMAL(10, 2))
            .column("ts", DataTypes.TIMESTAMP(3))
            .partitionKeys("dt")
            .primaryKey("dt", "id")
            .option("bucket", "2")
            .option("data-file.thin-mode", "true")
            .option("write-only", "true")
            .build();
    createPaimonTable("p_thin", schema);
    String sparkTable = PAIMON_CATALOG + "." + PDB + ".p_thin";
    List<List<InternalRow>> commits = new ArrayList<>();
    commits.add(pkRows(RowKind.INSERT, "d1", 1, 20, "v1"));
    commits.add(pkRows(RowKind.INSERT, "d1", 5, 25, "v2"));
    commits.add(pkRows(RowKind.DELETE, "d1", 1, 3, "gone"));
    commits.add(pkRows(RowKind.UPDATE_AFTER, "d1", 10, 12, "v4"));
    for (int i = 0; i < commits.size(); i++) {
      PaimonOracle.write(paimonOnPaimon.table(PDB, "p_thin"), commits.get(i));
      // Batches: the columnar merge path.
      checkStrataReadsAsPaimon(sparkTable, "p_thin", "after commit " + (i + 1));
    }
    Path tableDir = paimonWarehouse.resolve(PDB + ".db").resolve("p_thin");
    List<String> columns = parquetColumns(tableDir);
    assertThat(columns).as("thin files hold no _KEY_ column").isNotEmpty();
    assertThat(columns).noneMatch(c -> c.startsWith("_KEY_")).contains("id");
    // 22 keys are left (1..25 without 1..3); every bucket merges several files.
    assertThat(sparkRows(sparkTable)).hasSize(22);
    assertThat(
            spark.sql("SELECT name FROM " + sparkTable + " WHERE id = 11").collectAsList().get(0))
        .hasToString("[v4-11]");
    // $audit_log reads rows: the row merge path.
    assertThat(
            spark
                .sql(
                    "SELECT rowkind, id, name FROM "
                        + PAIMON_CATALOG
                        + "."
                        + PDB
                        + ".`p_thin$audit_log` ORDER BY id")
                .collectAsList()
                .stream()
                .map(Row::toString)
                .toList())
        .hasSize(22)
        .startsWith("[+I,4,v1-4]", "[+I,5,v2-5]")
        .contains("[+U,10,v4-10]", "[+I,25,v2-25]");
  }

  /** The top-level column names of every Parquet data file under {@code dir}. */
  private static List<String> parquetColumns(Path dir) throws IOException {
    List<String> names = new ArrayList<>();
    try (Stream<Path> files = Files.walk(dir)) {
      for (Path f : files.filter(p -> p.toString().endsWith(".parquet")).toList()) {
        try (org.apache.parquet.hadoop.ParquetFileReader reader =
            org.apache.parquet.hadoop.ParquetFileReader.open(
                org.apache.parquet.hadoop.util.HadoopInputFile.fromPath(
                    new org.apache.hadoop.fs.Path(f.toUri()),
                    new org.apache.hadoop.conf.Configuration()))) {
          reader
              .getFooter()
              .getFileMetaData()
              .getSchema()
              .getFields()
              .forEach(t -> names.add(t.getName()));
        }
      }
    }
    return names;
  }

  private void checkStrataReadsAsPaimon(String sparkTable, String name, String when) {
    FileStoreTable paimon = paimonOnPaimon.table(PDB, name);
    assertThat(sparkRows(sparkTable))
        .as("Strata reads %s", when)
        .containsExactlyElementsOf(PaimonOracle.rows(paimon));
    assertThat(StrataCore.snapshots(StrataCore.table(paimonWarehouse, PDB, name)))
        .as("Strata's snapshots %s", when)
        .containsExactlyElementsOf(PaimonOracle.snapshots(paimon));
  }

  // ---------------------------------------------------------------- partition directories

  @Test
  void partitionDirectoriesOfEveryPartitionTypeAreNamedAsPaimonNamesThem() throws Exception {
    String table = "strata." + DB + ".s_partition_types";
    spark.sql(
        "CREATE TABLE "
            + table
            + " (v STRING, p_date DATE, p_ntz TIMESTAMP_NTZ, p_ts TIMESTAMP, p_dec DECIMAL(10,2),"
            + " p_dec38 DECIMAL(38,10), p_bool BOOLEAN, p_byte TINYINT, p_double DOUBLE,"
            + " p_float FLOAT, p_str STRING) PARTITIONED BY (p_date, p_ntz, p_ts, p_dec, p_dec38,"
            + " p_bool, p_byte, p_double, p_float, p_str)");
    spark.sql(
        "INSERT INTO "
            + table
            + " VALUES ('a', DATE '2024-01-02', TIMESTAMP_NTZ '2024-01-02 03:04:05',"
            + " TIMESTAMP '2024-01-02 03:04:05', 1.50, 1.5BD, true, -1Y, 1.5D, 2.5F, 'x'),"
            + " ('b', DATE '1969-12-31', TIMESTAMP_NTZ '2024-01-02 03:04:05.123456',"
            + " TIMESTAMP '1960-01-02 03:04:05.1', -0.01,"
            + " CAST('-12345678901234567890.0123456789' AS DECIMAL(38,10)), false, 127Y, -0.0D,"
            + " CAST('NaN' AS FLOAT), '\\t\\n\\u0001 #%:'),"
            + " ('c', DATE '0001-01-01', TIMESTAMP_NTZ '2024-01-02 00:00:00',"
            + " TIMESTAMP '2024-01-02 00:00:00.000001', 0, 0BD, NULL, NULL, 1.0E20D, 1.0E-5F, ' ')");
    FileStoreTable strataTable = paimonOnStrata.table(DB, "s_partition_types");
    List<PaimonOracle.BucketedRow> rows = PaimonOracle.rowsWithBuckets(strataTable);
    assertThat(rows.stream().map(PaimonOracle.BucketedRow::rendered).sorted().toList())
        .hasSize(3)
        .containsExactlyElementsOf(sparkRows(table));

    // Paimon writes the same rows into a table of the same schema: the same directories.
    Schema.Builder schema = Schema.newBuilder().partitionKeys(strataTable.partitionKeys());
    strataTable.rowType().getFields().forEach(f -> schema.column(f.name(), f.type()));
    FileStoreTable paimonTable = createPaimonTable("p_partition_types", schema.build());
    PaimonOracle.write(paimonTable, rows.stream().map(PaimonOracle.BucketedRow::row).toList());
    assertThat(dataDirectories(paimonWarehouse.resolve(PDB + ".db/p_partition_types")))
        .hasSize(3)
        .containsExactlyElementsOf(
            dataDirectories(strataWarehouse.resolve(DB + ".db/s_partition_types")));
    assertThat(sparkRows(PAIMON_CATALOG + "." + PDB + ".p_partition_types"))
        .containsExactlyElementsOf(sparkRows(table));
  }

  /** The bucket directories holding data files, relative to the table, sorted. */
  private static List<String> dataDirectories(Path tableDir) throws IOException {
    try (Stream<Path> files = Files.walk(tableDir)) {
      return files
          .filter(f -> f.getFileName().toString().endsWith(".parquet"))
          .map(f -> tableDir.relativize(f.getParent()).toString())
          .distinct()
          .sorted()
          .toList();
    }
  }

  // ---------------------------------------------------------------- both write one table

  @Test
  void strataAndPaimonTakeTurnsUpsertingOnePrimaryKeyTable() {
    String table = "strata." + DB + ".s_mixed";
    spark.sql(
        "CREATE TABLE "
            + table
            + " (dt STRING, id INT, name STRING, amount DECIMAL(10,2), ts TIMESTAMP_NTZ)"
            + " PARTITIONED BY (dt) TBLPROPERTIES ('primary-key'='dt,id','bucket'='2')");
    spark.sql(
        "INSERT INTO "
            + table
            + " SELECT IF(id <= 4, 'd1', 'd2'), id, concat('strata-1-', id), id, NULL"
            + " FROM range(1, 9) AS r(id)");
    checkPaimonReadsAsStrata(table, "s_mixed", "Strata's first insert");

    List<InternalRow> paimonTurn = pkRows(RowKind.INSERT, "d1", 1, 2, "paimon-2");
    paimonTurn.addAll(pkRows(RowKind.DELETE, "d2", 5, 5, "gone"));
    PaimonOracle.write(paimonOnStrata.table(DB, "s_mixed"), paimonTurn);
    checkPaimonReadsAsStrata(table, "s_mixed", "Paimon's upserts and delete");
    PaimonOracle.compactFully(paimonOnStrata.table(DB, "s_mixed"));
    checkPaimonReadsAsStrata(table, "s_mixed", "Paimon's full compaction");

    spark.sql(
        "INSERT INTO "
            + table
            + " VALUES ('d1', 2, 'strata-3-2', 2, NULL), ('d2', 5, 'strata-3-5', 5, NULL),"
            + " ('d2', 6, 'strata-3-6', 6, TIMESTAMP_NTZ '2026-01-01 00:00:00')");
    checkPaimonReadsAsStrata(table, "s_mixed", "Strata's second upsert");

    PaimonOracle.write(
        paimonOnStrata.table(DB, "s_mixed"), pkRows(RowKind.INSERT, "d2", 6, 6, "paimon-4"));
    checkPaimonReadsAsStrata(table, "s_mixed", "Paimon's second upsert");

    assertThat(sparkRows(table))
        .containsExactly(
            "d1 | 1 | paimon-2-1 | 1.00 | 2026-01-01T00:00:01",
            "d1 | 2 | strata-3-2 | 2.00 | NULL",
            "d1 | 3 | strata-1-3 | 3.00 | NULL",
            "d1 | 4 | strata-1-4 | 4.00 | NULL",
            "d2 | 5 | strata-3-5 | 5.00 | NULL",
            "d2 | 6 | paimon-4-6 | 6.00 | 2026-01-01T00:00:06",
            "d2 | 7 | strata-1-7 | 7.00 | NULL",
            "d2 | 8 | strata-1-8 | 8.00 | NULL");
    assertThat(PaimonOracle.snapshots(paimonOnStrata.table(DB, "s_mixed")))
        .extracting(s -> s.substring(0, s.indexOf(" schema")))
        .containsExactly("1 APPEND", "2 APPEND", "3 COMPACT", "4 APPEND", "5 APPEND");
  }

  /**
   * {@code record-level.expire-time}: two copies of one table, fully compacted by Strata and by
   * Paimon 1.3.1, keep the same rows (the unexpired ones, and those without a time), and each
   * engine reads both copies alike.
   */
  @Test
  void strataAndPaimonCompactionsExpireTheSameRecords() {
    for (String name : List.of("s_expire_by_strata", "s_expire_by_paimon")) {
      String table = "strata." + DB + "." + name;
      spark.sql(
          "CREATE TABLE "
              + table
              + " (id INT, v STRING, ts TIMESTAMP) TBLPROPERTIES ('primary-key'='id',"
              + " 'bucket'='2', 'record-level.expire-time'='1 d',"
              + " 'record-level.time-field'='ts')");
      // Ids 1-20: even ones ten days old, multiples of 5 without a time, the rest fresh; then
      // ids 1-4 again, all fresh, over the older records.
      spark.sql(
          "INSERT INTO "
              + table
              + " SELECT id, concat('first-', id), CASE WHEN id % 5 = 0 THEN NULL"
              + " WHEN id % 2 = 0 THEN current_timestamp() - INTERVAL 10 DAYS"
              + " ELSE current_timestamp() END FROM range(1, 21) AS r(id)");
      spark.sql(
          "INSERT INTO "
              + table
              + " SELECT id, concat('second-', id), current_timestamp() FROM range(1, 5) AS r(id)");
      assertThat(sparkRows(table)).as("%s before compaction", name).hasSize(20);
    }
    spark.sql("CALL strata.sys.compact(table => '" + DB + ".s_expire_by_strata')");
    PaimonOracle.compactFully(paimonOnStrata.table(DB, "s_expire_by_paimon"));

    List<String> byStrata = idAndValue("strata." + DB + ".s_expire_by_strata");
    assertThat(byStrata)
        .containsExactly(
            "1 second-1",
            "2 second-2",
            "3 second-3",
            "4 second-4",
            "5 first-5",
            "7 first-7",
            "9 first-9",
            "10 first-10",
            "11 first-11",
            "13 first-13",
            "15 first-15",
            "17 first-17",
            "19 first-19",
            "20 first-20");
    assertThat(idAndValue("strata." + DB + ".s_expire_by_paimon")).isEqualTo(byStrata);
    checkPaimonReadsAsStrata("strata." + DB + ".s_expire_by_strata", "s_expire_by_strata", "");
    checkPaimonReadsAsStrata("strata." + DB + ".s_expire_by_paimon", "s_expire_by_paimon", "");
  }

  /**
   * A DELETE on a {@code partial-update} table with sequence groups: Strata's DELETE (and a MERGE's
   * delete clause) leaves the same rows as Paimon's DELETE, which writes the deleted rows whole
   * (here: Paimon writes the rows the condition selects as DELETE records, as its Spark DELETE
   * does), with and without {@code partial-update.remove-record-on-sequence-group}.
   */
  @Test
  void strataDeletesOnSequenceGroupsLeaveThePaimonRows() {
    for (String removing : List.of("", ", 'partial-update.remove-record-on-sequence-group'='sa'")) {
      List<List<String>> results = new ArrayList<>();
      for (String by : List.of("strata", "paimon")) {
        String name = "s_groups_" + by + (removing.isEmpty() ? "" : "_rm");
        String table = "strata." + DB + "." + name;
        spark.sql(
            "CREATE TABLE "
                + table
                + " (id INT NOT NULL, a STRING, sa INT, b STRING, sb INT) TBLPROPERTIES"
                + " ('primary-key'='id', 'bucket'='2', 'merge-engine'='partial-update',"
                + " 'fields.sa.sequence-group'='a', 'fields.sb.sequence-group'='b'"
                + removing
                + ")");
        spark.sql(
            "INSERT INTO "
                + table
                + " SELECT id, concat('a', id), id % 3, concat('b', id), 5 FROM range(1, 9) AS"
                + " r(id)");
        // Newer a's for some keys, so a deleted row carries the latest sequence of each group.
        spark.sql(
            "INSERT INTO " + table + " VALUES (2, 'a2new', 9, NULL, NULL), (5, NULL, 1, 'b5', 6)");
        String condition = "id IN (1, 2, 5) OR a = 'a7'";
        if (by.equals("strata")) {
          spark.sql("DELETE FROM " + table + " WHERE " + condition);
          spark.sql(
              "MERGE INTO "
                  + table
                  + " t USING (SELECT 8 AS id) s ON t.id = s.id WHEN MATCHED THEN DELETE");
        } else {
          Dataset<Row> deleted =
              spark.sql("SELECT * FROM " + table + " WHERE " + condition + " OR id = 8");
          List<org.apache.paimon.data.InternalRow> rows = new ArrayList<>();
          for (Row r : deleted.collectAsList()) {
            rows.add(
                SparkToPaimon.row(deleted.schema(), r, org.apache.paimon.types.RowKind.DELETE));
          }
          PaimonOracle.write(paimonOnStrata.table(DB, name), rows);
        }
        results.add(sparkRows(table));
        checkPaimonReadsAsStrata(table, name, by + "'s deletes");
      }
      assertThat(results.get(0)).as("removing: '%s'", removing).isEqualTo(results.get(1));
      assertThat(results.get(0)).hasSizeGreaterThan(2);
    }
  }

  private static List<String> idAndValue(String table) {
    return spark.sql("SELECT id, v FROM " + table + " ORDER BY id").collectAsList().stream()
        .map(r -> r.getInt(0) + " " + r.getString(1))
        .toList();
  }

  private void checkPaimonReadsAsStrata(String sparkTable, String name, String when) {
    assertThat(PaimonOracle.rows(paimonOnStrata.table(DB, name)))
        .as("Paimon reads after %s", when)
        .containsExactlyElementsOf(sparkRows(sparkTable));
  }

  // ---------------------------------------------------------------- helpers

  /** Rows {@code (dt, id, '<prefix>-<id>', id, 2026-01-01T00:00:<id>)} for ids from..to. */
  private static List<InternalRow> pkRows(
      RowKind kind, String dt, int from, int to, String prefix) {
    List<InternalRow> rows = new ArrayList<>();
    for (int id = from; id <= to; id++) {
      rows.add(
          GenericRow.ofKind(
              kind,
              str(dt),
              id,
              str(prefix + "-" + id),
              dec(String.valueOf(id), 10, 2),
              ntz(String.format("2026-01-01T00:%02d:%02d", id / 60, id % 60))));
    }
    return rows;
  }

  private static FileStoreTable createPaimonTable(String name, Schema schema) throws Exception {
    paimonOnPaimon
        .catalog()
        .createTable(org.apache.paimon.catalog.Identifier.create(PDB, name), schema, false);
    return paimonOnPaimon.table(PDB, name);
  }

  private static List<String> sparkRows(String table) {
    return CanonicalRows.spark(spark.sql("SELECT * FROM " + table).collectAsList());
  }

  /** Paimon sees exactly Strata's snapshots, and their kinds are the ones given. */
  private static void assertSameSnapshots(
      String name, FileStoreTable paimon, String... idsAndKinds) {
    List<String> strata = StrataCore.snapshots(StrataCore.table(strataWarehouse, DB, name));
    assertThat(PaimonOracle.snapshots(paimon)).containsExactlyElementsOf(strata);
    assertThat(strata).hasSize(idsAndKinds.length);
    for (int i = 0; i < idsAndKinds.length; i++) {
      assertThat(strata.get(i)).startsWith(idsAndKinds[i] + " ");
    }
    assertThat(paimon.snapshotManager().latestSnapshotId()).isEqualTo(idsAndKinds.length);
  }
}
