package io.strata.it;

import java.util.List;
import org.apache.paimon.catalog.Identifier;
import org.apache.paimon.data.InternalRow;
import org.apache.paimon.table.FileStoreTable;
import org.apache.spark.sql.classic.SparkSession;

/** Matrix cells whose table only one side can create. */
final class MatrixTables {

  private MatrixTables() {}

  /**
   * Paimon writes {@link AllTypesFixture}'s table with the types Spark SQL cannot declare
   * (TIMESTAMP(3) and (9), WITH LOCAL TIME ZONE (3), CHAR, VARCHAR, BINARY(4)); Strata reads every
   * snapshot and tag as Paimon does.
   */
  static void paimonPreciseTypes(SparkSession spark, PaimonOracle paimon, String db, String name)
      throws Exception {
    paimon
        .catalog()
        .createTable(Identifier.create(db, name), AllTypesFixture.paimonSchema(), false);
    FileStoreTable table = paimon.table(db, name);
    List<List<InternalRow>> commits = AllTypesFixture.paimonCommits();
    PaimonOracle.write(table, commits.get(0));
    paimon.table(db, name).createTag("first");
    PaimonOracle.write(paimon.table(db, name), commits.get(1));
    MatrixReads.assertEveryVersionReadsAlike(new MatrixContext(spark, paimon, db, name));
  }
}
