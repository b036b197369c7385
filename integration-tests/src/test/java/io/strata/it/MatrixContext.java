package io.strata.it;

import java.util.ArrayList;
import java.util.List;
import org.apache.paimon.catalog.Identifier;
import org.apache.paimon.data.InternalRow;
import org.apache.paimon.table.FileStoreTable;
import org.apache.paimon.types.RowKind;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.classic.SparkSession;
import org.apache.spark.sql.types.StructType;

/**
 * The table one matrix cell works on: in the {@code strata} catalog's warehouse, which Paimon's
 * catalog ({@link #paimon()}) opens too.
 */
record MatrixContext(SparkSession spark, PaimonOracle paimon, String db, String name) {

  /** The table as Spark SQL names it. */
  String sparkName() {
    return "strata." + db + "." + name;
  }

  /** The table as procedures take it. */
  String tableArg() {
    return db + "." + name;
  }

  Identifier identifier() {
    return Identifier.create(db, name);
  }

  FileStoreTable paimonTable() {
    return paimon.table(db, name);
  }

  void sql(String statement) {
    spark.sql(statement).collectAsList();
  }

  /** The rows of a Spark query, cast by position to the table's current columns. */
  Dataset<Row> rowsOfQuery(String query) {
    StructType schema = spark.table(sparkName()).schema();
    return MatrixOp.castTo(spark.sql("SELECT * FROM (" + query + ")"), schema);
  }

  /** Paimon writes {@code rows} (in the table's column order) as records of {@code kind}. */
  void paimonWrite(Dataset<Row> rows, RowKind kind) {
    StructType schema = rows.schema();
    List<InternalRow> records = new ArrayList<>();
    for (Row r : rows.collectAsList()) {
      records.add(SparkToPaimon.row(schema, r, kind));
    }
    FileStoreTable table = paimonTable();
    if (table.primaryKeys().size() > 0 && table.coreOptions().bucket() == -1) {
      PaimonOracle.writeDynamicBucket(table, records);
    } else {
      PaimonOracle.write(table, records);
    }
  }
}
