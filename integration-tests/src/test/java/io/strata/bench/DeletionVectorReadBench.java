package io.strata.bench;

import io.strata.it.PaimonDeletions;
import io.strata.it.PaimonOracle;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.paimon.catalog.Identifier;
import org.apache.paimon.data.BinaryString;
import org.apache.paimon.data.GenericRow;
import org.apache.paimon.data.InternalRow;
import org.apache.paimon.io.DataFileMeta;
import org.apache.paimon.schema.Schema;
import org.apache.paimon.table.FileStoreTable;
import org.apache.paimon.table.source.DataSplit;
import org.apache.paimon.types.DataTypes;
import org.apache.spark.sql.SparkSession;

/**
 * Reading an append table with deletion vectors (written and deleted from by Paimon 1.3.1) on
 * Strata's columnar path, which hides deleted rows through views of each batch, against its row
 * path and against the same rows without deletions.
 *
 * <pre>scripts/bench DeletionVectorReadBench [rows=2000000] [deleteEvery=10] [reps=3]</pre>
 */
public final class DeletionVectorReadBench {

  private static final String CONF = "spark.strata.read.columnar.enabled";

  private DeletionVectorReadBench() {}

  public static void main(String[] args) throws Exception {
    int rows = BenchSupport.intArg(args, 0, 2_000_000);
    int deleteEvery = BenchSupport.intArg(args, 1, 10);
    int reps = BenchSupport.intArg(args, 2, 3);
    Path dir = BenchSupport.workDir("dv");
    SparkSession spark = PeerSession.create(dir);
    try (PaimonOracle paimon = new PaimonOracle(dir.resolve("strata"))) {
      paimon.catalog().createDatabase("db", true);
      write(paimon, "plain", rows, false);
      FileStoreTable dv = write(paimon, "dv", rows, true);
      for (DataSplit split : PaimonDeletions.splits(dv)) {
        for (DataFileMeta file : split.dataFiles()) {
          List<Long> positions = new ArrayList<>();
          for (long p = 0; p < file.rowCount(); p += deleteEvery) {
            positions.add(p);
          }
          PaimonDeletions.deleteRows(paimon.table("db", "dv"), split, file, positions);
        }
      }
      String query = "SELECT count(*), sum(id), sum(x) FROM strata.db.%s WHERE x >= 0";
      Timing plain = Timing.sql(spark, reps, String.format(query, "plain"));
      Timing columnar = Timing.sql(spark, reps, String.format(query, "dv"));
      spark.conf().set(CONF, "false");
      Timing rowPath = Timing.sql(spark, reps, String.format(query, "dv"));
      spark.conf().unset(CONF);
      if (!columnar.answer().equals(rowPath.answer())) {
        throw new IllegalStateException(columnar.answer() + " != " + rowPath.answer());
      }
      System.out.printf(
          Locale.ROOT,
          "DeletionVectorReadBench: %,d rows, every %dth deleted, local[2], median of %d%n%n"
              + "| read | seconds | answer |%n|---|---|---|%n"
              + "| no deletion vectors, columnar | %.2f | %s |%n"
              + "| deletion vectors, columnar | %.2f | %s |%n"
              + "| deletion vectors, row path | %.2f | %s |%n",
          rows,
          deleteEvery,
          reps,
          plain.seconds(),
          plain.answer(),
          columnar.seconds(),
          columnar.answer(),
          rowPath.seconds(),
          rowPath.answer());
    } finally {
      spark.stop();
      BenchSupport.deleteTree(dir);
    }
  }

  private static FileStoreTable write(PaimonOracle paimon, String name, int rows, boolean dv)
      throws Exception {
    Schema.Builder schema =
        Schema.newBuilder()
            .column("id", DataTypes.BIGINT())
            .column("x", DataTypes.DOUBLE())
            .column("s", DataTypes.STRING());
    if (dv) {
      schema.option("deletion-vectors.enabled", "true");
    }
    paimon.catalog().createTable(Identifier.create("db", name), schema.build(), false);
    FileStoreTable table = paimon.table("db", name);
    List<InternalRow> batch = new ArrayList<>(rows);
    for (int i = 0; i < rows; i++) {
      batch.add(GenericRow.of((long) i, i * 0.5, BinaryString.fromString("s" + (i % 1000))));
    }
    PaimonOracle.write(table, batch);
    return paimon.table("db", name);
  }
}
