package io.strata.core.format;

import io.strata.core.types.ArrayType;
import io.strata.core.types.DataField;
import io.strata.core.types.DataType;
import io.strata.core.types.MapType;
import io.strata.core.types.RowType;
import java.util.ArrayList;
import java.util.List;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.Type;

/**
 * Builds the requested Parquet schema for a read type: the file's fields matched by name, in the
 * read type's order, nested ROWs pruned to the requested children. Fields the file lacks are left
 * out (they read as NULL).
 */
final class ParquetProjection {

  private ParquetProjection() {}

  static MessageType requestedSchema(MessageType fileSchema, RowType readType) {
    return new MessageType(fileSchema.getName(), projectFields(fileSchema, readType));
  }

  private static List<Type> projectFields(GroupType group, RowType readType) {
    List<Type> fields = new ArrayList<>();
    for (DataField field : readType.fields()) {
      if (group.containsField(field.name())) {
        fields.add(project(group.getType(field.name()), field.type()));
      }
    }
    return fields;
  }

  private static Type project(Type fileType, DataType readType) {
    if (fileType.isPrimitive()) {
      return fileType;
    }
    GroupType group = fileType.asGroupType();
    switch (readType.root()) {
      case ROW:
        List<Type> children = projectFields(group, (RowType) readType);
        // A group needs at least one column; with none requested read it whole (all ignored).
        return children.isEmpty() ? group : group.withNewFields(children);
      case ARRAY:
        if (group.getFieldCount() == 1 && isThreeLevel(group.getType(0))) {
          GroupType repeated = group.getType(0).asGroupType();
          Type element = project(repeated.getType(0), ((ArrayType) readType).element());
          return group.withNewFields(repeated.withNewFields(element));
        }
        return group;
      case MAP:
        if (group.getFieldCount() == 1 && !group.getType(0).isPrimitive()) {
          GroupType repeated = group.getType(0).asGroupType();
          if (repeated.getFieldCount() == 2) {
            MapType map = (MapType) readType;
            Type key = project(repeated.getType(0), map.key());
            Type value = project(repeated.getType(1), map.value());
            return group.withNewFields(repeated.withNewFields(key, value));
          }
        }
        return group;
      default:
        return group;
    }
  }

  /** Whether the repeated field of a LIST group is the standard wrapper around one element. */
  static boolean isThreeLevel(Type repeated) {
    return !repeated.isPrimitive()
        && repeated.asGroupType().getFieldCount() == 1
        && !repeated.getName().equals("array")
        && !repeated.getName().endsWith("_tuple");
  }
}
