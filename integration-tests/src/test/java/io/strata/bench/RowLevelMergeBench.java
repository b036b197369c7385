package io.strata.bench;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.execution.CommandResultExec;
import org.apache.spark.sql.execution.SparkPlan;
import org.apache.spark.sql.execution.adaptive.AdaptiveSparkPlanExec;
import org.apache.spark.sql.execution.datasources.v2.BatchScanExec;

/**
 * Issue 13: {@code MERGE INTO} of {@code percent}% of the keys of a wide table ({@code id} and 19
 * value columns, {@code rows} rows), each matched row updating one column, in one SparkSession:
 *
 * <ul>
 *   <li>Strata, {@code 'merge-engine' = 'partial-update'}: the update writes nulls for the columns
 *       it leaves alone, so the target scan reads {@code id} only (Strata's {@code
 *       PartialRowUpdates});
 *   <li>the same table without that rule ({@code spark.sql.optimizer.excludedRules}), reading whole
 *       rows as every MERGE did before;
 *   <li>Strata, {@code deduplicate}: a record replaces the row, so every other column is read;
 *   <li>Apache Iceberg, format v2 with merge-on-read MERGE, {@code bucket(4, id)}.
 * </ul>
 *
 * Each engine's table starts from the same rows; a MERGE runs once to warm up and {@code reps}
 * times timed (the median is reported). The tables must end with the same content.
 *
 * <p>Usage: {@code scripts/bench RowLevelMergeBench [rows=2000000] [percent=1] [reps=3]}.
 */
public final class RowLevelMergeBench {

  private static final int VALUE_COLUMNS = 19;
  private static final String RULE = "io.strata.spark.extensions.PartialRowUpdates";

  private RowLevelMergeBench() {}

  public static void main(String[] args) throws Exception {
    int rows = BenchSupport.intArg(args, 0, 2_000_000);
    int percent = BenchSupport.intArg(args, 1, 1);
    int reps = BenchSupport.intArg(args, 2, 3);
    Path dir = BenchSupport.workDir("row-level-merge");
    SparkSession spark = PeerSession.create(dir);
    try {
      spark.sql("CREATE NAMESPACE IF NOT EXISTS strata.bench");
      spark.sql("CREATE NAMESPACE IF NOT EXISTS iceberg.bench");
      String columns = columns();
      String select = select(rows);
      long start = System.nanoTime();
      create(spark, "strata.bench.pu", columns, strata("partial-update"), select);
      create(spark, "strata.bench.pu_before", columns, strata("partial-update"), select);
      create(spark, "strata.bench.dd", columns, strata("deduplicate"), select);
      create(
          spark,
          "iceberg.bench.t",
          columns,
          "USING iceberg PARTITIONED BY (bucket(4, id)) TBLPROPERTIES ('format-version' = '2',"
              + " 'write.merge.mode' = 'merge-on-read')",
          select);
      System.out.printf(
          Locale.ROOT,
          "Wrote 4 tables of %,d rows x %d columns in %.1f s under %s%n",
          rows,
          VALUE_COLUMNS + 1,
          BenchSupport.seconds(System.nanoTime() - start),
          dir);

      int step = Math.max(1, 100 / Math.max(1, percent));
      List<String[]> table = new ArrayList<>();
      table.add(new String[] {"engine", "target columns read", "MERGE median s", "content"});
      table.add(run(spark, "Strata partial-update", "strata.bench.pu", rows, step, reps, null));
      table.add(
          run(
              spark,
              "Strata partial-update, whole rows (before)",
              "strata.bench.pu_before",
              rows,
              step,
              reps,
              RULE));
      table.add(run(spark, "Strata deduplicate", "strata.bench.dd", rows, step, reps, null));
      table.add(run(spark, "Iceberg merge-on-read", "iceberg.bench.t", rows, step, reps, null));
      BenchSupport.printTable(
          String.format(
              Locale.ROOT,
              "MERGE of %d%% of %,d keys (%,d rows) updating 1 of %d columns, %d reps",
              percent,
              rows,
              rows / step,
              VALUE_COLUMNS + 1,
              reps),
          table);
    } finally {
      spark.stop();
      BenchSupport.deleteTree(dir);
    }
  }

  private static String strata(String engine) {
    return "TBLPROPERTIES ('primary-key' = 'id', 'bucket' = '4', 'merge-engine' = '"
        + engine
        + "')";
  }

  /** {@code id}, then BIGINT and STRING value columns in turn. */
  private static String columns() {
    StringBuilder s = new StringBuilder("(id BIGINT NOT NULL");
    for (int i = 1; i <= VALUE_COLUMNS; i++) {
      s.append(", c").append(i).append(i % 2 == 0 ? " BIGINT" : " STRING");
    }
    return s.append(")").toString();
  }

  private static String select(int rows) {
    StringBuilder s = new StringBuilder("SELECT id");
    for (int i = 1; i <= VALUE_COLUMNS; i++) {
      s.append(
          i % 2 == 0
              ? ", id * " + i + " AS c" + i
              : ", concat('v" + i + "-', CAST(id AS STRING)) AS c" + i);
    }
    return s.append(" FROM range(").append(rows).append(")").toString();
  }

  private static void create(
      SparkSession spark, String name, String columns, String properties, String select) {
    spark.sql("DROP TABLE IF EXISTS " + name);
    spark.sql("CREATE TABLE " + name + " " + columns + " " + properties);
    spark.sql("INSERT INTO " + name + " " + select);
  }

  /** Times the MERGE on one table; {@code excludedRule} is left out of the optimizer meanwhile. */
  private static String[] run(
      SparkSession spark,
      String engine,
      String name,
      int rows,
      int step,
      int reps,
      String excludedRule) {
    String merge =
        "MERGE INTO "
            + name
            + " t USING (SELECT id, concat('u-', CAST(id AS STRING)) AS c1 FROM range(0, "
            + rows
            + ", "
            + step
            + ")) s ON t.id = s.id WHEN MATCHED THEN UPDATE SET c1 = s.c1";
    if (excludedRule != null) {
      spark.conf().set("spark.sql.optimizer.excludedRules", excludedRule);
    }
    int[] read = {0};
    Timing timing;
    try {
      timing =
          Timing.of(
              reps,
              () -> {
                read[0] = targetColumnsRead(spark.sql(merge));
                return "";
              });
    } finally {
      spark.conf().unset("spark.sql.optimizer.excludedRules");
    }
    String content =
        Timing.rows(
            spark,
            "SELECT count(*), count_if(c1 LIKE 'u-%'), sum(c2), sum(c18), max(c19) FROM " + name);
    return new String[] {
      engine, Integer.toString(read[0]), BenchSupport.fmt(timing.seconds()), content
    };
  }

  /** How many columns the statement's widest scan read (the target's; the source is a range). */
  private static int targetColumnsRead(Dataset<Row> statement) {
    SparkPlan plan = statement.queryExecution().executedPlan();
    if (plan instanceof CommandResultExec command) {
      plan = command.commandPhysicalPlan();
    }
    int[] widest = {0};
    collect(plan, widest);
    return widest[0];
  }

  private static void collect(SparkPlan plan, int[] widest) {
    plan.foreach(
        node -> {
          if (node instanceof BatchScanExec scan) {
            widest[0] = Math.max(widest[0], scan.scan().readSchema().fields().length);
          } else if (node instanceof AdaptiveSparkPlanExec adaptive) {
            collect(adaptive.executedPlan(), widest);
          } else if (node instanceof org.apache.spark.sql.execution.adaptive.QueryStageExec stage) {
            collect(stage.plan(), widest);
          }
          return null;
        });
  }
}
