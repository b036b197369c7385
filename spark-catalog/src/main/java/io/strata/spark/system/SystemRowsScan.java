package io.strata.spark.system;

import io.strata.core.types.RowType;
import io.strata.spark.SparkRowConverter;
import io.strata.spark.SparkTypes;
import io.strata.spark.extensions.MetadataRowsScan;
import java.util.List;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.types.StructType;

/** The scan of a metadata system table: its rows, computed on the driver, as Spark rows. */
final class SystemRowsScan {

  private SystemRowsScan() {}

  /** A scan of {@code rows} of {@code type}, described as {@code StrataSystemScan[name]}. */
  static MetadataRowsScan of(String name, RowType type, List<Object[]> rows) {
    SparkRowConverter converter = new SparkRowConverter(type);
    InternalRow[] sparkRows = rows.stream().map(converter::toSpark).toArray(InternalRow[]::new);
    return new MetadataRowsScan() {
      @Override
      public InternalRow[] rows() {
        return sparkRows;
      }

      @Override
      public StructType readSchema() {
        return SparkTypes.toStructType(type);
      }

      @Override
      public String description() {
        return "StrataSystemScan[" + name + "]";
      }
    };
  }
}
