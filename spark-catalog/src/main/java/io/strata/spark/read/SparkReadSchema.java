package io.strata.spark.read;

import io.strata.core.types.ArrayType;
import io.strata.core.types.DataField;
import io.strata.core.types.DataType;
import io.strata.core.types.MapType;
import io.strata.core.types.RowType;
import io.strata.spark.SparkTypes;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.Metadata;
import org.apache.spark.sql.types.MetadataBuilder;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * The Spark schema the vectorized Parquet reader is asked for: every struct field (at every level)
 * carries its table field id as {@code parquet.field.id}, so files written before a rename or a
 * drop-and-re-add are matched by id, as the row path does; CHAR and VARCHAR read as STRING (Spark
 * applies CHAR padding above the scan); every field is nullable, since a field an older file lacks
 * reads as a NULL vector.
 */
final class SparkReadSchema {

  /** The metadata key Spark's Parquet reader matches field ids with. */
  static final String FIELD_ID_KEY = "parquet.field.id";

  private SparkReadSchema() {}

  static StructType of(RowType rowType) {
    List<StructField> fields = new ArrayList<>();
    for (DataField f : rowType.fields()) {
      Metadata id = new MetadataBuilder().putLong(FIELD_ID_KEY, f.id()).build();
      fields.add(new StructField(f.name(), sparkType(f.type()), true, id));
    }
    return new StructType(fields.toArray(new StructField[0]));
  }

  /** The Spark type of values read for {@code type}: CHAR/VARCHAR as STRING, ids on structs. */
  static org.apache.spark.sql.types.DataType sparkType(DataType type) {
    return switch (type.root()) {
      case CHAR, VARCHAR -> DataTypes.StringType;
      case ROW -> of((RowType) type);
      case ARRAY -> {
        DataType element = ((ArrayType) type).element();
        yield DataTypes.createArrayType(sparkType(element), true);
      }
      case MAP -> {
        MapType m = (MapType) type;
        yield DataTypes.createMapType(sparkType(m.key()), sparkType(m.value()), true);
      }
      default -> SparkTypes.toSparkType(type);
    };
  }
}
