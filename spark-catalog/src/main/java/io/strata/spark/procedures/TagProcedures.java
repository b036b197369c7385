package io.strata.spark.procedures;

import io.strata.core.options.Durations;
import io.strata.core.schema.SchemaFactory;
import io.strata.core.table.FileStoreTable;
import io.strata.core.tag.Tag;
import io.strata.core.tag.TagOperations;
import io.strata.core.types.DataTypes;
import java.time.Clock;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;

/** create_tag, replace_tag, create_tag_from_timestamp, delete_tag, rename_tag, expire_tags. */
final class TagProcedures {

  private TagProcedures() {}

  private static TagOperations ops(FileStoreTable table) {
    return new TagOperations(table, Clock.systemDefaultZone());
  }

  private static Duration retention(Args args) {
    String text = args.string("time_retained");
    if (text == null) {
      return null;
    }
    try {
      return Durations.parse(text);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          "Invalid time_retained '"
              + text
              + "': expected a duration such as '1 d', '12 h' or '30 min'.");
    }
  }

  /** {@code snapshot}, or its Flink-style synonym {@code snapshot_id}. */
  private static Long snapshotArg(Args args) {
    Long snapshot = args.longValue("snapshot");
    Long snapshotId = args.longValue("snapshot_id");
    if (snapshot != null && snapshotId != null && !snapshot.equals(snapshotId)) {
      throw new IllegalArgumentException(
          "Arguments snapshot ("
              + snapshot
              + ") and snapshot_id ("
              + snapshotId
              + ") disagree; give one.");
    }
    return snapshot != null ? snapshot : snapshotId;
  }

  private static List<Param> tagParams() {
    return List.of(
        Param.table(),
        Param.required("tag", org.apache.spark.sql.types.DataTypes.StringType, "Name of the tag."),
        Param.optional(
            "snapshot",
            org.apache.spark.sql.types.DataTypes.LongType,
            "Snapshot id; default the latest."),
        Param.optional(
            "time_retained",
            org.apache.spark.sql.types.DataTypes.StringType,
            "How long to keep the tag, e.g. '1 d'; default forever."),
        Param.optional(
            "snapshot_id", org.apache.spark.sql.types.DataTypes.LongType, "Synonym of snapshot."));
  }

  static StrataProcedure createTag(TableArgument tables, boolean replace) {
    return new StrataProcedure(
        replace ? "replace_tag" : "create_tag",
        replace
            ? "Points an existing tag at a snapshot."
            : "Tags a snapshot so it is kept forever.",
        tagParams(),
        Results.RESULT) {
      @Override
      List<Object[]> run(Args args) {
        String table = args.requiredString("table");
        FileStoreTable t = tables.load(table);
        String tag = args.requiredString("tag");
        if (replace) {
          ops(t).replace(tag, snapshotArg(args), retention(args));
        } else {
          ops(t).create(tag, snapshotArg(args), retention(args));
        }
        return Results.ok();
      }
    };
  }

  static StrataProcedure createTagFromTimestamp(TableArgument tables) {
    return new StrataProcedure(
        "create_tag_from_timestamp",
        "Tags the earliest snapshot committed at or after a time (epoch millis).",
        List.of(
            Param.table(),
            Param.required(
                "tag", org.apache.spark.sql.types.DataTypes.StringType, "Name of the tag."),
            Param.required(
                "timestamp", org.apache.spark.sql.types.DataTypes.LongType, "Epoch milliseconds."),
            Param.optional(
                "time_retained",
                org.apache.spark.sql.types.DataTypes.StringType,
                "How long to keep the tag.")),
        Results.of(
            "tagName", DataTypes.STRING(),
            "snapshot", DataTypes.BIGINT(),
            "commit_time", DataTypes.BIGINT(),
            "watermark", DataTypes.STRING())) {
      @Override
      List<Object[]> run(Args args) {
        FileStoreTable t = tables.load(args.requiredString("table"));
        String name = args.requiredString("tag");
        Tag tag = ops(t).createFromTimestamp(name, args.longValue("timestamp"), retention(args));
        List<Object[]> rows = new ArrayList<>();
        Long watermark = tag.snapshot().watermark();
        rows.add(
            new Object[] {
              name,
              tag.snapshot().id(),
              tag.snapshot().timeMillis(),
              watermark == null ? null : watermark.toString()
            });
        return rows;
      }
    };
  }

  static StrataProcedure deleteTag(TableArgument tables) {
    return new StrataProcedure(
        "delete_tag",
        "Deletes tags (a comma-separated list); missing names are skipped.",
        List.of(
            Param.table(),
            Param.required(
                "tag",
                org.apache.spark.sql.types.DataTypes.StringType,
                "Tag names, comma-separated.")),
        Results.RESULT) {
      @Override
      List<Object[]> run(Args args) {
        FileStoreTable t = tables.load(args.requiredString("table"));
        ops(t).delete(SchemaFactory.splitColumns(args.requiredString("tag")));
        return Results.ok();
      }
    };
  }

  static StrataProcedure renameTag(TableArgument tables) {
    return new StrataProcedure(
        "rename_tag",
        "Renames a tag.",
        List.of(
            Param.table(),
            Param.required(
                "tag", org.apache.spark.sql.types.DataTypes.StringType, "Current tag name."),
            Param.required(
                "target_tag", org.apache.spark.sql.types.DataTypes.StringType, "New tag name.")),
        Results.RESULT) {
      @Override
      List<Object[]> run(Args args) {
        FileStoreTable t = tables.load(args.requiredString("table"));
        ops(t).rename(args.requiredString("tag"), args.requiredString("target_tag"));
        return Results.ok();
      }
    };
  }

  static StrataProcedure expireTags(TableArgument tables) {
    return new StrataProcedure(
        "expire_tags",
        "Deletes tags whose retention elapsed, and tags created before older_than.",
        List.of(
            Param.table(),
            Param.optional(
                "older_than",
                org.apache.spark.sql.types.DataTypes.StringType,
                "'yyyy-MM-dd HH:mm:ss'; tags created before it expire.")),
        Results.of("expired_tags", DataTypes.STRING())) {
      @Override
      List<Object[]> run(Args args) {
        FileStoreTable t = tables.load(args.requiredString("table"));
        String olderThan = args.string("older_than");
        LocalDateTime threshold = olderThan == null ? null : parseTime(olderThan);
        List<Object[]> rows = new ArrayList<>();
        for (String name : ops(t).expire(threshold)) {
          rows.add(new Object[] {name});
        }
        if (rows.isEmpty()) {
          rows.add(new Object[] {"No expired tags."});
        }
        return rows;
      }
    };
  }

  static LocalDateTime parseTime(String text) {
    String t = text.trim().replace('T', ' ');
    try {
      return LocalDateTime.parse(
          t.length() == 10 ? t + " 00:00:00" : t,
          DateTimeFormatter.ofPattern(
              t.contains(".") ? "yyyy-MM-dd HH:mm:ss.SSS" : "yyyy-MM-dd HH:mm:ss"));
    } catch (RuntimeException e) {
      throw new IllegalArgumentException(
          "Invalid time '" + text + "': expected 'yyyy-MM-dd HH:mm:ss' (session-local time).");
    }
  }
}
