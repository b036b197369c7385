package io.strata.spark.extensions;

import org.apache.spark.sql.SparkSessionExtensions;
import scala.runtime.AbstractFunction1;
import scala.runtime.BoxedUnit;

/**
 * Strata's Spark SQL extensions, enabled by {@code spark.sql.extensions=io.strata.spark.
 * extensions.StrataSparkSessionExtensions}. The catalog works without them; they add syntax.
 */
public class StrataSparkSessionExtensions
    extends AbstractFunction1<SparkSessionExtensions, BoxedUnit> {

  @Override
  public BoxedUnit apply(SparkSessionExtensions extensions) {
    return BoxedUnit.UNIT;
  }
}
