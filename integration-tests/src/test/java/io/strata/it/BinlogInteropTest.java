package io.strata.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.it.SparkSessionSuite.Database;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.apache.spark.api.java.function.VoidFunction2;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.streaming.StreamingQuery;
import org.apache.spark.sql.streaming.Trigger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code t$binlog}: a batch read shows what Apache Paimon 1.3.1's {@code $binlog} shows (each row's
 * values as one-element arrays), and a stream packs an update's before and after images into one
 * {@code +U} row, as Paimon's does.
 */
@Database(BinlogInteropTest.DB)
class BinlogInteropTest extends SparkSessionSuite {

  static final String DB = "binlog";

  @TempDir Path checkpoints;

  private static void sql(String statement) {
    spark.sql(statement);
  }

  @Test
  void aBatchReadShowsEachRowAsOneElementArraysAsPaimonDoes() {
    String t = "strata." + DB + ".batch";
    sql("CREATE TABLE " + t + " (id INT, v STRING) TBLPROPERTIES ('primary-key' = 'id')");
    sql("INSERT INTO " + t + " VALUES (1, 'a'), (2, 'b'), (3, NULL)");
    sql("INSERT INTO " + t + " VALUES (2, 'b2')");
    String binlog = "strata." + DB + ".`batch$binlog`";

    assertThat(spark.table(binlog).schema().simpleString())
        .isEqualTo("struct<rowkind:string,id:array<int>,v:array<string>>");
    List<String> strata = CanonicalRows.spark(spark.sql("SELECT * FROM " + binlog).collectAsList());
    assertThat(strata)
        .isEqualTo(PaimonOracle.systemTableRows(paimon.table(DB, "batch"), "binlog"))
        .contains("+I | [1] | [a]", "+I | [3] | [NULL]")
        .hasSize(3);
    assertThat(
            CanonicalRows.spark(
                spark.sql("SELECT v FROM " + binlog + " WHERE id[0] = 2").collectAsList()))
        .as("pruned to one column and filtered by Spark")
        .containsExactly("[b2]");
    assertThat(
            CanonicalRows.spark(
                spark.read().option("incremental-between", "1,2").table(binlog).collectAsList()))
        .as("an incremental read of the binlog: the second snapshot's change, as Paimon reads it")
        .isEqualTo(
            PaimonOracle.systemTableRows(
                paimon.table(DB, "batch").copy(java.util.Map.of("incremental-between", "1,2")),
                "binlog"))
        .containsExactly("+I | [2] | [b2]");
  }

  @Test
  void aStreamPacksAnUpdatesBeforeAndAfterImagesIntoOneRow() throws Exception {
    String t = "strata." + DB + ".stream";
    sql(
        "CREATE TABLE "
            + t
            + " (id INT, v STRING) TBLPROPERTIES ('primary-key' = 'id', 'bucket' = '1',"
            + " 'changelog-producer' = 'lookup')");
    sql("INSERT INTO " + t + " VALUES (1, 'a'), (2, 'b')");
    String binlog = "strata." + DB + ".`stream$binlog`";
    assertThat(stream(binlog)).containsExactlyInAnyOrder("+I | [1] | [a]", "+I | [2] | [b]");

    sql("INSERT INTO " + t + " VALUES (2, 'b2'), (3, 'c')");
    sql("DELETE FROM " + t + " WHERE id = 1");
    assertThat(stream(binlog))
        .containsExactlyInAnyOrder("+U | [2, 2] | [b, b2]", "+I | [3] | [c]", "-D | [1] | [a]");
  }

  /** What one AvailableNow run of a stream of {@code table} emitted since its last run. */
  private List<String> stream(String table) throws Exception {
    List<String> rows = Collections.synchronizedList(new ArrayList<>());
    StreamingQuery query =
        spark
            .readStream()
            .table(table)
            .writeStream()
            .option("checkpointLocation", checkpoints.resolve("binlog").toString())
            .trigger(Trigger.AvailableNow())
            .foreachBatch(
                (VoidFunction2<Dataset<Row>, Long>)
                    (batch, id) -> rows.addAll(CanonicalRows.spark(batch.collectAsList())))
            .start();
    query.awaitTermination();
    return rows;
  }
}
