package io.strata.core.schema;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.core.schema.SchemaChange.AddColumn;
import io.strata.core.schema.SchemaChange.DropColumn;
import io.strata.core.schema.SchemaChange.Position;
import io.strata.core.schema.SchemaChange.RemoveOption;
import io.strata.core.schema.SchemaChange.RenameColumn;
import io.strata.core.schema.SchemaChange.SetOption;
import io.strata.core.schema.SchemaChange.UpdateColumnComment;
import io.strata.core.schema.SchemaChange.UpdateColumnNullability;
import io.strata.core.schema.SchemaChange.UpdateColumnPosition;
import io.strata.core.schema.SchemaChange.UpdateColumnType;
import io.strata.core.schema.SchemaChange.UpdateComment;
import io.strata.core.types.ArrayType;
import io.strata.core.types.DataField;
import io.strata.core.types.DataType;
import io.strata.core.types.DataTypes;
import io.strata.core.types.RowType;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SchemaEvolutionTest {

  private static final String WIDENINGS =
      ": only widenings that keep every value are allowed (TINYINT/SMALLINT/INT to a larger"
          + " integer type, FLOAT to DOUBLE, DECIMAL(p, s) to a larger precision with the same"
          + " scale, VARCHAR(n) to a longer VARCHAR or STRING, ...).";
  private static final String FIXED =
      ", fixed when the table was created (CREATE TABLE ... AS SELECT makes a new one).";

  /** Ids: id 0, name 1, info 2 (a 3, b 4), tags 5 (element t 6), dt 7; highest 7. */
  static TableSchema base() {
    return base(List.of(), Map.of());
  }

  static TableSchema base(List<String> primaryKeys, Map<String, String> options) {
    RowType columns =
        new RowType(
            List.of(
                new DataField(0, "id", DataTypes.BIGINT()),
                new DataField(0, "name", DataTypes.STRING()),
                new DataField(0, "info", row("a", DataTypes.INT(), "b", DataTypes.STRING())),
                new DataField(0, "tags", DataTypes.ARRAY(row("t", DataTypes.STRING()))),
                new DataField(0, "dt", DataTypes.STRING())));
    return SchemaFactory.create(columns, List.of("dt"), primaryKeys, options, null, 1L);
  }

  static RowType row(Object... nameTypePairs) {
    List<DataField> fields = new java.util.ArrayList<>();
    for (int i = 0; i < nameTypePairs.length; i += 2) {
      fields.add(new DataField(0, (String) nameTypePairs[i], (DataType) nameTypePairs[i + 1]));
    }
    return DataTypes.ROW(fields);
  }

  static TableSchema apply(TableSchema schema, SchemaChange... changes) {
    return SchemaEvolution.apply(schema, List.of(changes), 2L);
  }

  static AddColumn add(String path, DataType type) {
    return new AddColumn(List.of(path.split("\\.")), type, null, Position.last());
  }

  static List<String> p(String path) {
    return List.of(path.split("\\."));
  }

  static String ids(RowType row) {
    StringBuilder sb = new StringBuilder();
    for (DataField f : row.fields()) {
      sb.append(sb.length() == 0 ? "" : " ").append(f.name()).append(':').append(f.id());
      if (f.type() instanceof RowType nested) {
        sb.append('(').append(ids(nested)).append(')');
      }
    }
    return sb.toString();
  }

  @Test
  void addedColumnsTakeTheNextIdsAndTheirPositions() {
    TableSchema next =
        apply(
            base(),
            add("x", DataTypes.INT()),
            new AddColumn(p("y"), DataTypes.INT(), "first one", Position.first()),
            new AddColumn(p("z"), DataTypes.INT(), null, Position.after("name")));
    assertThat(next.id()).isEqualTo(1);
    assertThat(next.timeMillis()).isEqualTo(2L);
    assertThat(next.highestFieldId()).isEqualTo(10);
    assertThat(ids(next.rowType()))
        .isEqualTo("y:9 id:0 name:1 z:10 info:2(a:3 b:4) tags:5 dt:7 x:8");
    assertThat(next.fields().get(0).description()).isEqualTo("first one");
  }

  @Test
  void anAddedRowTakesIdsForItsFieldsDepthFirst() {
    TableSchema next =
        apply(
            base(),
            add("s", row("p", DataTypes.INT(), "q", row("r", DataTypes.INT()))),
            add("after", DataTypes.INT()));
    assertThat(ids(next.rowType()))
        .endsWith("s:8(p:9 q:10(r:11)) after:12")
        .startsWith("id:0 name:1");
    assertThat(next.highestFieldId()).isEqualTo(12);
  }

  @Test
  void nestedFieldsAreAddedInsideRowsAndArrayElements() {
    TableSchema next =
        apply(
            base(),
            new AddColumn(p("info.c"), DataTypes.DOUBLE(), "nested", Position.after("a")),
            new AddColumn(p("info.z"), DataTypes.INT(), null, Position.first()),
            add("tags.element.u", DataTypes.INT()));
    assertThat(ids(next.rowType())).contains("info:2(z:9 a:3 c:8 b:4)");
    RowType element = (RowType) ((ArrayType) next.rowType().typeAt(3)).element();
    assertThat(ids(element)).isEqualTo("t:6 u:10");
    assertThat(next.highestFieldId()).isEqualTo(10);
  }

  @Test
  void aDroppedThenReAddedColumnGetsANewIdAndRenameKeepsIt() {
    TableSchema dropped = apply(base(), new DropColumn(p("name")));
    TableSchema readded = apply(dropped, add("name", DataTypes.STRING()));
    TableSchema renamed = apply(readded, new RenameColumn(p("id"), "order_id"));
    assertThat(ids(dropped.rowType())).doesNotContain("name");
    assertThat(dropped.highestFieldId()).isEqualTo(7);
    assertThat(readded.fields().get(4).id()).isEqualTo(8);
    assertThat(readded.highestFieldId()).isEqualTo(8);
    assertThat(renamed.fields().get(0)).isEqualTo(new DataField(0, "order_id", DataTypes.BIGINT()));
    assertThat(renamed.id()).isEqualTo(3);
  }

  @Test
  void nestedFieldsAreRenamedAndDroppedKeepingOtherIds() {
    TableSchema next =
        apply(
            base(),
            new RenameColumn(p("info.b"), "bee"),
            new DropColumn(p("info.a")),
            new RenameColumn(p("tags.element.t"), "tag"));
    assertThat(ids(next.rowType())).contains("info:2(bee:4)");
    RowType element = (RowType) ((ArrayType) next.rowType().typeAt(3)).element();
    assertThat(ids(element)).isEqualTo("tag:6");
    assertThat(next.highestFieldId()).isEqualTo(7);
  }

  @Test
  void typesWidenKeepingNullabilityAndIds() {
    TableSchema schema =
        SchemaFactory.create(
            row(
                "i", DataTypes.INT().notNull(),
                "f", DataTypes.FLOAT(),
                "d", DataTypes.DECIMAL(10, 2),
                "v", DataTypes.VARCHAR(5),
                "s", row("x", DataTypes.SMALLINT()),
                "arr", DataTypes.ARRAY(DataTypes.TINYINT())),
            List.of(),
            List.of(),
            Map.of(),
            null,
            1L);
    TableSchema next =
        apply(
            schema,
            new UpdateColumnType(p("i"), DataTypes.BIGINT()),
            new UpdateColumnType(p("f"), DataTypes.DOUBLE()),
            new UpdateColumnType(p("d"), DataTypes.DECIMAL(20, 2)),
            new UpdateColumnType(p("v"), DataTypes.STRING()),
            new UpdateColumnType(p("s.x"), DataTypes.BIGINT()),
            new UpdateColumnType(p("arr.element"), DataTypes.INT()));
    assertThat(next.fields())
        .extracting(f -> f.id() + " " + f.type())
        .containsExactly(
            "0 BIGINT NOT NULL",
            "1 DOUBLE",
            "2 DECIMAL(20, 2)",
            "3 STRING",
            "4 ROW<`x` BIGINT>",
            "6 ARRAY<INT>");
    assertThat(((RowType) next.fields().get(4).type()).field(0).id()).isEqualTo(5);
  }

  @Test
  void commentsNullabilityPositionAndOptionsChangeInOneVersion() {
    TableSchema schema =
        SchemaFactory.create(
            row("a", DataTypes.INT().notNull(), "b", DataTypes.INT()),
            List.of(),
            List.of(),
            Map.of("file.format", "parquet"),
            "old",
            1L);
    TableSchema next =
        apply(
            schema,
            new UpdateColumnNullability(p("a"), true),
            new UpdateColumnComment(p("b"), "the b"),
            new UpdateColumnPosition(p("b"), Position.first()),
            new UpdateComment("new"),
            new SetOption("snapshot.num-retained.min", "3"),
            new RemoveOption("file.format"));
    assertThat(next.id()).isEqualTo(1);
    assertThat(next.fields())
        .containsExactly(
            new DataField(1, "b", DataTypes.INT(), "the b"),
            new DataField(0, "a", DataTypes.INT()));
    assertThat(next.comment()).isEqualTo("new");
    assertThat(next.options()).containsExactly(Map.entry("snapshot.num-retained.min", "3"));
    TableSchema moved =
        apply(next, new UpdateColumnPosition(p("b"), Position.after("a")), new UpdateComment(null));
    assertThat(moved.rowType().fieldNames()).containsExactly("a", "b");
    assertThat(moved.comment()).isNull();
  }

  @Test
  void everyColumnMayBeReplacedWithinOneVersion() {
    TableSchema single =
        SchemaFactory.create(
            row("a", DataTypes.INT(), "b", DataTypes.INT()),
            List.of(),
            List.of(),
            Map.of(),
            null,
            1);
    TableSchema replaced =
        apply(
            single,
            new DropColumn(p("a")),
            new DropColumn(p("b")),
            add("a", DataTypes.INT()),
            add("c", DataTypes.STRING()));
    assertThat(ids(replaced.rowType())).isEqualTo("a:2 c:3");
  }

  @Test
  void theResultRoundTripsThroughSchemaJson() {
    TableSchema next = apply(base(), add("info.c", DataTypes.DOUBLE()), new DropColumn(p("name")));
    assertThat(SchemaJson.fromJson(SchemaJson.toJson(next))).isEqualTo(next);
  }

  @Test
  void refusesAddingWhatExistsOrCannotHoldIt() {
    assertThatThrownBy(() -> apply(base(), add("name", DataTypes.INT())))
        .hasMessage("Cannot add column 'name': a column named 'name' already exists there.");
    assertThatThrownBy(() -> apply(base(), add("info.a", DataTypes.INT())))
        .hasMessage("Cannot add column 'info.a': a column named 'a' already exists there.");
    assertThatThrownBy(() -> apply(base(), add("x", DataTypes.INT().notNull())))
        .hasMessage(
            "Cannot add column 'x': a new column cannot be NOT NULL, since rows written before read"
                + " NULL for it; add it without NOT NULL.");
    assertThatThrownBy(() -> apply(base(), add("nope.x", DataTypes.INT())))
        .hasMessage(
            "Cannot add column 'nope.x': column 'nope' does not exist; columns are [id, name, info,"
                + " tags, dt].");
    assertThatThrownBy(() -> apply(base(), add("name.x", DataTypes.INT())))
        .hasMessage("Cannot add column 'name.x': 'name' is STRING, not a ROW.");
    assertThatThrownBy(() -> apply(base(), add("tags.x", DataTypes.INT())))
        .hasMessage(
            "Cannot add column 'tags.x': 'tags' is ARRAY<ROW<`t` STRING>>; its element is"
                + " 'tags.element'.");
    assertThatThrownBy(
            () ->
                apply(
                    base(),
                    new AddColumn(p("info.c"), DataTypes.INT(), null, Position.after("nope"))))
        .hasMessage(
            "Cannot add column 'info.c' after 'nope': no column 'nope' beside 'c'; columns there"
                + " are [a, b].");
  }

  @Test
  void refusesDroppingMissingKeyOrLastColumns() {
    assertThatThrownBy(() -> apply(base(), new DropColumn(p("info.q"))))
        .hasMessage(
            "Cannot drop column 'info.q': column 'info.q' does not exist; fields of 'info' are [a,"
                + " b].");
    assertThatThrownBy(() -> apply(base(), new DropColumn(p("dt"))))
        .hasMessage("Cannot drop column 'dt': it is a partition column" + FIXED);
    assertThatThrownBy(
            () -> apply(base(List.of("dt", "id"), Map.of("bucket", "2")), new DropColumn(p("id"))))
        .hasMessage("Cannot drop column 'id': it is part of the primary key" + FIXED);
    assertThatThrownBy(
            () ->
                apply(
                    base(List.of(), Map.of("bucket", "2", "bucket-key", "name")),
                    new DropColumn(p("name"))))
        .hasMessage(
            "Cannot drop column 'name': it is a bucket key (table option 'bucket-key'): existing"
                + " files are bucketed by it.");
    assertThatThrownBy(
            () ->
                apply(
                    base(List.of("dt", "id"), Map.of("bucket", "2", "sequence.field", "name")),
                    new DropColumn(p("name"))))
        .hasMessage(
            "Cannot drop column 'name': it is the sequence field (table option 'sequence.field')"
                + " that orders updates.");
    assertThatThrownBy(() -> apply(base(), new DropColumn(p("tags.element.t"))))
        .hasMessage(
            "Cannot drop column 'tags.element.t': ROW column 'tags.element' needs at least one"
                + " field; drop 'tags.element' instead.");
    TableSchema single =
        SchemaFactory.create(row("only", DataTypes.INT()), List.of(), List.of(), Map.of(), null, 1);
    assertThatThrownBy(() -> apply(single, new DropColumn(p("only"))))
        .hasMessage("Cannot drop column 'only': a table needs at least one column.");
  }

  @Test
  void refusesRenamesOntoExistingNamesOrOfKeys() {
    assertThatThrownBy(() -> apply(base(), new RenameColumn(p("name"), "id")))
        .hasMessage(
            "Cannot rename column 'name' to 'id': a column named 'id' already exists there.");
    assertThatThrownBy(() -> apply(base(), new RenameColumn(p("dt"), "day")))
        .hasMessage("Cannot rename column 'dt' to 'day': it is a partition column" + FIXED);
    assertThatThrownBy(() -> apply(base(), new RenameColumn(p("name"), "")))
        .hasMessage("Cannot rename column 'name': the new name is empty.");
    assertThatThrownBy(() -> apply(base(), new RenameColumn(p("missing"), "m")))
        .hasMessage(
            "Cannot rename column 'missing' to 'm': column 'missing' does not exist; columns are"
                + " [id, name, info, tags, dt].");
  }

  @Test
  void refusesTypeChangesThatLoseValues() {
    assertThatThrownBy(() -> apply(base(), new UpdateColumnType(p("id"), DataTypes.INT())))
        .hasMessage("Cannot change the type of column 'id' from BIGINT to INT" + WIDENINGS);
    assertThatThrownBy(() -> apply(base(), new UpdateColumnType(p("info.a"), DataTypes.STRING())))
        .hasMessage("Cannot change the type of column 'info.a' from INT to STRING" + WIDENINGS);
    assertThatThrownBy(
            () -> apply(base(), new UpdateColumnType(p("info"), row("a", DataTypes.BIGINT()))))
        .hasMessage(
            "Cannot change the type of column 'info': a ROW type does not change as a whole; add,"
                + " drop, rename or retype its fields one by one (e.g. ALTER COLUMN info.<field>"
                + " TYPE ...).");
    assertThatThrownBy(() -> apply(base(), new UpdateColumnType(p("dt"), DataTypes.INT())))
        .hasMessage("Cannot change the type of column 'dt': it is a partition column" + FIXED);
  }

  @Test
  void refusesNotNullAndNullableKeys() {
    assertThatThrownBy(() -> apply(base(), new UpdateColumnNullability(p("name"), false)))
        .hasMessage(
            "Cannot make column 'name' NOT NULL: rows written before may hold NULL in it; only"
                + " DROP NOT NULL is supported.");
    assertThatThrownBy(
            () ->
                apply(
                    base(List.of("dt", "id"), Map.of("bucket", "2")),
                    new UpdateColumnNullability(p("id"), true)))
        .hasMessage(
            "Cannot drop NOT NULL of column 'id': it is part of the primary key, and primary key"
                + " columns are always NOT NULL.");
  }

  @Test
  void refusesCommentsAndMovesThatNameNoColumn() {
    assertThatThrownBy(() -> apply(base(), new UpdateColumnComment(p("tags.element"), "c")))
        .hasMessage(
            "Cannot comment column 'tags.element': 'tags' is ARRAY<ROW<`t` STRING>>, whose"
                + " 'element' is a type, not a named column.");
    assertThatThrownBy(
            () -> apply(base(), new UpdateColumnPosition(p("name"), Position.after("name"))))
        .hasMessage("Cannot move column 'name': a column cannot be placed after itself.");
    assertThatThrownBy(() -> apply(base(), new UpdateColumnComment(p("id.x"), "c")))
        .hasMessage("Cannot comment column 'id.x': 'id' is BIGINT and has no field 'x'.");
    assertThatThrownBy(() -> new DropColumn(List.of()))
        .hasMessage("A column path needs at least one name.");
  }

  @Test
  void refusesOptionChangesOfTheLayout() {
    assertThatThrownBy(() -> apply(base(), new SetOption("bucket", "4")))
        .hasMessage(
            "Cannot change table option 'bucket' from -1 to 4: once a table has snapshots, only"
                + " a fixed bucket count (1 or more) can change to another fixed count, as dynamic"
                + " (-1) and postponed (-2) buckets lay files out by their own rules; rewrite the"
                + " table with CREATE TABLE AS SELECT instead.");
    assertThatThrownBy(() -> apply(base(), new SetOption("primary-key", "id")))
        .hasMessage(
            "Cannot change table option 'primary-key' of an existing table: primary keys and"
                + " partitions are fixed at CREATE TABLE.");
  }

  @Test
  void nothingChangesWhenAChangeIsRefused() {
    TableSchema schema = base();
    assertThatThrownBy(() -> apply(schema, add("x", DataTypes.INT()), new DropColumn(p("dt"))))
        .hasMessageStartingWith("Cannot drop column 'dt'");
    assertThat(schema.highestFieldId()).isEqualTo(7);
    assertThat(schema.rowType().fieldNames()).containsExactly("id", "name", "info", "tags", "dt");
  }

  @Test
  void bloomFilterColumnsMustExistAndBeHashableAtCreateAndAfterEveryChange() {
    assertThatThrownBy(
            () -> base(List.of(), Map.of("file-index.bloom-filter.columns", "name,missing")))
        .hasMessage(
            "Table option 'file-index.bloom-filter.columns' names column 'missing', which does not"
                + " exist; columns are [id, name, info, tags, dt]. Name existing columns; to drop"
                + " or rename an indexed column, first take it out of the option (ALTER TABLE ..."
                + " SET or UNSET TBLPROPERTIES).");
    assertThatThrownBy(() -> base(List.of(), Map.of("file-index.bloom-filter.columns", "info")))
        .hasMessageStartingWith(
            "Table option 'file-index.bloom-filter.columns' names column 'info' of type ROW<");
    assertThatThrownBy(
            () ->
                base(
                    List.of(),
                    Map.of(
                        "file-index.bloom-filter.columns", "name",
                        "file-index.bloom-filter.name.items", "-3")))
        .hasMessage(
            "Invalid value '-3' for table option 'file-index.bloom-filter.name.items': expected a"
                + " positive whole number.");

    TableSchema indexed = base(List.of(), Map.of("file-index.bloom-filter.columns", "name"));
    assertThatThrownBy(() -> apply(indexed, new DropColumn(p("name"))))
        .hasMessage(
            "Cannot drop column 'name': it is indexed by table option"
                + " 'file-index.bloom-filter.columns'; take it out of that option first (ALTER"
                + " TABLE ... SET or UNSET TBLPROPERTIES).");
    assertThatThrownBy(() -> apply(indexed, new RenameColumn(p("name"), "title")))
        .hasMessageStartingWith("Cannot rename column 'name' to 'title': it is indexed by");
    assertThatThrownBy(() -> apply(base(), new SetOption("file-index.bloom-filter.columns", "x")))
        .hasMessageStartingWith(
            "Table option 'file-index.bloom-filter.columns' names column 'x', which does not");
    assertThat(
            apply(
                    indexed,
                    new RemoveOption("file-index.bloom-filter.columns"),
                    new DropColumn(p("name")))
                .rowType()
                .fieldNames())
        .containsExactly("id", "info", "tags", "dt");
  }
}
