package io.strata.spark.procedures;

import io.strata.core.types.RowType;
import io.strata.spark.SparkErrors;
import io.strata.spark.SparkRowConverter;
import io.strata.spark.SparkTypes;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.connector.catalog.procedures.BoundProcedure;
import org.apache.spark.sql.connector.catalog.procedures.ProcedureParameter;
import org.apache.spark.sql.connector.catalog.procedures.UnboundProcedure;
import org.apache.spark.sql.connector.read.LocalScan;
import org.apache.spark.sql.connector.read.Scan;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * Base of every {@code CALL sys.<name>(...)} procedure: parameters declared once, arguments read by
 * name, result rows returned to Spark as a local scan.
 */
abstract class StrataProcedure implements UnboundProcedure, BoundProcedure {

  private final String name;
  private final String description;
  private final List<Param> params;
  private final RowType resultType;

  StrataProcedure(String name, String description, List<Param> params, RowType resultType) {
    this.name = name;
    this.description = description;
    this.params = List.copyOf(params);
    this.resultType = resultType;
  }

  /** Runs the procedure; the result rows as canonical values of {@link #resultType}. */
  abstract List<Object[]> run(Args args);

  @Override
  public String name() {
    return name;
  }

  @Override
  public String description() {
    return description;
  }

  List<Param> params() {
    return params;
  }

  /** The columns of the rows the procedure returns. */
  RowType resultType() {
    return resultType;
  }

  @Override
  public BoundProcedure bind(StructType inputType) {
    return SparkErrors.surfaced(() -> checkArguments(inputType));
  }

  private BoundProcedure checkArguments(StructType inputType) {
    StructField[] given = inputType.fields();
    for (int i = 0; i < given.length; i++) {
      StructField f = given[i];
      boolean byName =
          f.metadata().contains(ProcedureParameter.BY_NAME_METADATA_KEY)
              && f.metadata().getBoolean(ProcedureParameter.BY_NAME_METADATA_KEY);
      Param param = byName ? param(f.name()) : (i < params.size() ? params.get(i) : null);
      if (param == null) {
        throw SparkErrors.noSuchArgument(
            name, byName ? "named '" + f.name() + "'" : "at position " + (i + 1), signature());
      }
      if (!ArgumentTypes.losslessTo(f.dataType(), param.type())) {
        throw SparkErrors.argumentType(
            name, param.name(), param.type().sql(), f.dataType().sql(), signature());
      }
    }
    return this;
  }

  private Param param(String paramName) {
    for (Param p : params) {
      if (p.name().equalsIgnoreCase(paramName)) {
        return p;
      }
    }
    return null;
  }

  /** {@code table STRING, tag STRING, snapshot BIGINT (optional)}. */
  String signature() {
    List<String> parts = new java.util.ArrayList<>();
    for (Param p : params) {
      parts.add(p.name() + " " + p.type().sql() + (p.required() ? "" : " (optional)"));
    }
    return "(" + String.join(", ", parts) + ")";
  }

  @Override
  public ProcedureParameter[] parameters() {
    return params.stream().map(Param::toSpark).toArray(ProcedureParameter[]::new);
  }

  @Override
  public boolean isDeterministic() {
    return false;
  }

  @Override
  public Iterator<Scan> call(InternalRow input) {
    List<Object[]> rows = SparkErrors.surfaced(() -> run(new Args(name, params, input)));
    SparkRowConverter converter = new SparkRowConverter(resultType);
    InternalRow[] result = rows.stream().map(converter::toSpark).toArray(InternalRow[]::new);
    StructType schema = SparkTypes.toStructType(resultType);
    Scan scan =
        new LocalScan() {
          @Override
          public InternalRow[] rows() {
            return result;
          }

          @Override
          public StructType readSchema() {
            return schema;
          }
        };
    return Collections.singletonList(scan).iterator();
  }
}
