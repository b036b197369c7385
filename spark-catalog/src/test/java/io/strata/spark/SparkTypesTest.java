package io.strata.spark;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.core.types.DataTypes;
import org.apache.spark.sql.types.CharType;
import org.apache.spark.sql.types.Metadata;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.types.VarcharType;
import org.junit.jupiter.api.Test;

class SparkTypesTest {

  @Test
  void charAndVarcharKeepTheirLengthSoSparkEnforcesIt() {
    assertThat(SparkTypes.toSparkType(DataTypes.CHAR(5))).isEqualTo(new CharType(5));
    assertThat(SparkTypes.toSparkType(DataTypes.VARCHAR(10))).isEqualTo(new VarcharType(10));
    assertThat(SparkTypes.toSparkType(DataTypes.STRING()))
        .isEqualTo(org.apache.spark.sql.types.DataTypes.StringType);
  }

  @Test
  void charAndVarcharRoundTrip() {
    StructType spark = StructType.fromDDL("c CHAR(2), v VARCHAR(3), s STRING, a ARRAY<CHAR(4)>");
    StructType back = SparkTypes.toStructType(SparkTypes.toRowType(spark));
    assertThat(back.fields())
        .extracting(f -> f.dataType().sql())
        .containsExactly("CHAR(2)", "VARCHAR(3)", "STRING", "ARRAY<CHAR(4)>");
  }

  @Test
  void charMetadataFromSparkAnalysisIsHonoured() {
    // Spark hands catalogs STRING columns whose metadata remembers the declared CHAR/VARCHAR.
    Metadata metadata =
        new org.apache.spark.sql.types.MetadataBuilder()
            .putString("__CHAR_VARCHAR_TYPE_STRING", "varchar(7)")
            .build();
    assertThat(SparkTypes.toDataType(org.apache.spark.sql.types.DataTypes.StringType, metadata))
        .isEqualTo(DataTypes.VARCHAR(7));
  }
}
