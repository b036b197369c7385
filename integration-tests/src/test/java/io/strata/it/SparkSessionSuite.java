package io.strata.it;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.nio.file.Path;
import org.apache.spark.sql.classic.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInfo;

/**
 * A suite that writes through Spark SQL and checks the result with real Apache Paimon 1.3.1. Each
 * suite gets its own session of the shared {@link TestSpark} one, so that the settings it changes
 * stay out of other suites, and a {@link PaimonOracle} on the same warehouse.
 *
 * <p>The fields are static because the suites' static helpers use them; suites run one after
 * another, and each sets them afresh before its first test.
 */
abstract class SparkSessionSuite {

  /** The {@code strata} database the suite's tables live in: created before its first test. */
  @Retention(RetentionPolicy.RUNTIME)
  @Target(ElementType.TYPE)
  @interface Database {
    String value();
  }

  protected static SparkSession spark;
  protected static Path warehouse;
  protected static PaimonOracle paimon;

  @BeforeAll
  static void openSession(TestInfo suite) {
    spark = TestSpark$.MODULE$.session().newSession();
    // DataFrame operations outside spark.sql() take their settings from the active session.
    org.apache.spark.sql.SparkSession.setActiveSession(spark);
    warehouse = TestSpark$.MODULE$.warehouse();
    Database database = suite.getTestClass().orElseThrow().getAnnotation(Database.class);
    if (database != null) {
      spark.sql("CREATE DATABASE IF NOT EXISTS strata." + database.value());
    }
    paimon = new PaimonOracle(warehouse);
  }

  @AfterAll
  static void closePaimon() throws Exception {
    paimon.close();
  }
}
