package io.strata.spark.extensions;

import java.util.Map;
import java.util.regex.Pattern;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.FunctionIdentifier;
import org.apache.spark.sql.catalyst.TableIdentifier;
import org.apache.spark.sql.catalyst.expressions.Expression;
import org.apache.spark.sql.catalyst.parser.ParameterContext;
import org.apache.spark.sql.catalyst.parser.ParseException;
import org.apache.spark.sql.catalyst.parser.ParserInterface;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.apache.spark.sql.connector.catalog.ProcedureCatalog;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.StructType;
import scala.collection.immutable.Seq;

/** Parses Strata's extra statements by rewriting them; everything else goes to Spark's parser. */
public final class StrataSqlParser implements ParserInterface {

  private static final String STRATA_CATALOG_CLASS = "io.strata.spark.StrataCatalog";
  private static final Pattern MAY_CALL = Pattern.compile("(?i)\\s*(?:CALL|ALTER)\\s");

  private final SparkSession session;
  private final ParserInterface delegate;

  public StrataSqlParser(SparkSession session, ParserInterface delegate) {
    this.session = session;
    this.delegate = delegate;
  }

  private String rewrite(String sql) {
    // Only CALL and tag statements name a procedure; finding a catalog reads the whole conf.
    String catalog = MAY_CALL.matcher(sql).lookingAt() ? procedureCatalogIfNeeded() : null;
    return StatementRewriter.rewrite(sql, catalog).orElse(sql);
  }

  /** A Strata catalog to run {@code CALL sys.*} in, when the current catalog has no procedures. */
  private String procedureCatalogIfNeeded() {
    try {
      if (session.sessionState().catalogManager().currentCatalog() instanceof ProcedureCatalog) {
        return null;
      }
      Map<String, String> conf =
          scala.jdk.javaapi.CollectionConverters.asJava(session.conf().getAll());
      for (Map.Entry<String, String> e : conf.entrySet()) {
        String key = e.getKey();
        if (key.startsWith("spark.sql.catalog.")
            && key.indexOf('.', "spark.sql.catalog.".length()) < 0
            && STRATA_CATALOG_CLASS.equals(e.getValue())) {
          return key.substring("spark.sql.catalog.".length());
        }
      }
    } catch (RuntimeException e) {
      // Session state not ready (early parsing): leave CALL as written.
    }
    return null;
  }

  @Override
  public LogicalPlan parsePlan(String sqlText) throws ParseException {
    return delegate.parsePlan(rewrite(sqlText));
  }

  @Override
  public LogicalPlan parsePlanWithParameters(String sqlText, ParameterContext context)
      throws ParseException {
    return delegate.parsePlanWithParameters(rewrite(sqlText), context);
  }

  @Override
  public LogicalPlan parseQuery(String sqlText) throws ParseException {
    return delegate.parseQuery(rewrite(sqlText));
  }

  @Override
  public Expression parseExpression(String sqlText) throws ParseException {
    return delegate.parseExpression(sqlText);
  }

  @Override
  public TableIdentifier parseTableIdentifier(String sqlText) throws ParseException {
    return delegate.parseTableIdentifier(sqlText);
  }

  @Override
  public FunctionIdentifier parseFunctionIdentifier(String sqlText) throws ParseException {
    return delegate.parseFunctionIdentifier(sqlText);
  }

  @Override
  public Seq<String> parseMultipartIdentifier(String sqlText) throws ParseException {
    return delegate.parseMultipartIdentifier(sqlText);
  }

  @Override
  public StructType parseRoutineParam(String sqlText) throws ParseException {
    return delegate.parseRoutineParam(sqlText);
  }

  @Override
  public StructType parseTableSchema(String sqlText) throws ParseException {
    return delegate.parseTableSchema(sqlText);
  }

  @Override
  public DataType parseDataType(String sqlText) throws ParseException {
    return delegate.parseDataType(sqlText);
  }
}
