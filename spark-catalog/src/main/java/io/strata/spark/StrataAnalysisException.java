package io.strata.spark;

import io.strata.spark.extensions.ExtensionErrors;
import org.apache.spark.QueryContext;
import org.apache.spark.sql.AnalysisException;
import scala.Option;
import scala.collection.immutable.Map;

/**
 * A Strata error (from table-core's or this module's error factories) surfaced to Spark as an
 * analysis error, so Spark's SQL shell prints its one-line message without a stack trace: the shell
 * prints stack traces for any error that is not an AnalysisException, or that has a cause. With
 * {@code spark.strata.error.stacktrace} = true the original error is kept as the cause, and the
 * shell prints its stack trace again.
 */
public final class StrataAnalysisException extends AnalysisException {

  /**
   * Message parameter holding the class name of the error Strata raised, e.g. {@code
   * java.lang.IllegalArgumentException}; parameters survive Spark's copies of analysis errors.
   */
  public static final String ERROR_TYPE = "strataErrorType";

  /** The parameter of {@link ExtensionErrors#MESSAGE_CONDITION}'s template. */
  private static final String MESSAGE = "message";

  /** Session setting that keeps the original error (and so its stack trace) as the cause. */
  public static final String STACK_TRACE_CONF = "spark.strata.error.stacktrace";

  StrataAnalysisException(RuntimeException error, boolean keepCause) {
    super(
        error.getMessage(),
        Option.empty(),
        Option.empty(),
        keepCause ? Option.apply(error) : Option.empty(),
        Option.apply(ExtensionErrors.MESSAGE_CONDITION),
        new Map.Map2<>(
            MESSAGE, String.valueOf(error.getMessage()), ERROR_TYPE, error.getClass().getName()),
        new QueryContext[0],
        Option.empty(),
        Option.empty());
    setStackTrace(error.getStackTrace());
  }
}
