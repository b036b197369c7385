package io.strata.spark.procedures;

import static org.apache.spark.sql.types.DataTypes.LongType;
import static org.apache.spark.sql.types.DataTypes.StringType;

import io.strata.core.errors.CoreErrors;
import io.strata.core.options.Durations;
import io.strata.core.options.TagCreationMode;
import io.strata.core.options.TagOptions;
import io.strata.core.schema.SchemaFactory;
import io.strata.core.snapshot.Tag;
import io.strata.core.table.FileStoreTable;
import io.strata.core.tag.AutoTags;
import io.strata.core.tag.TagOperations;
import io.strata.core.types.DataTypes;
import io.strata.spark.SparkErrors;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;

/**
 * create_tag, replace_tag, create_tag_from_timestamp, delete_tag, rename_tag, expire_tags and
 * trigger_tag_automatic_creation.
 */
final class TagProcedures {

  private TagProcedures() {}

  private static TagOperations ops(FileStoreTable table) {
    return new TagOperations(table, table.clock());
  }

  private static Duration retention(Args args) {
    String text = args.string("time_retained");
    if (text == null) {
      return null;
    }
    try {
      return Durations.parse(text);
    } catch (IllegalArgumentException e) {
      throw SparkErrors.invalidDuration("time_retained", text);
    }
  }

  /** {@code snapshot}, or its Flink-style synonym {@code snapshot_id}. */
  private static Long snapshotArg(Args args) {
    Long snapshot = args.longValue("snapshot");
    Long snapshotId = args.longValue("snapshot_id");
    if (snapshot != null && snapshotId != null && !snapshot.equals(snapshotId)) {
      throw SparkErrors.snapshotArgumentsDisagree(snapshot, snapshotId);
    }
    return snapshot != null ? snapshot : snapshotId;
  }

  static StrataProcedure createTag(TableArgument tables, boolean replace) {
    List<Param> params =
        List.of(
            Param.table(),
            Param.required("tag", StringType, "Name of the tag."),
            Param.optional("snapshot", LongType, "Snapshot id; default the latest."),
            Param.optional("time_retained", StringType, "How long to keep the tag, e.g. '1 d'."),
            Param.optional("snapshot_id", LongType, "Synonym of snapshot."),
            Param.optional(
                "mode",
                StringType,
                "Strata extension used by tag DDL: if_not_exists, create_or_replace or replace."));
    return new StrataProcedure(
        replace ? "replace_tag" : "create_tag",
        replace ? "Points an existing tag at a snapshot." : "Tags a snapshot so it is kept.",
        params,
        Results.RESULT) {
      @Override
      List<Object[]> run(Args args) {
        FileStoreTable t = tables.load(args.requiredString("table"));
        String tag = args.requiredString("tag");
        String mode = replace ? "replace" : args.string("mode");
        apply(ops(t), t.tagManager().exists(tag), mode, tag, snapshotArg(args), retention(args));
        return Results.ok();
      }
    };
  }

  private static void apply(
      TagOperations ops,
      boolean exists,
      String mode,
      String tag,
      Long snapshot,
      Duration retained) {
    if (mode == null) {
      ops.create(tag, snapshot, retained);
      return;
    }
    switch (mode) {
      case "if_not_exists" -> {
        if (!exists) {
          ops.create(tag, snapshot, retained);
        }
      }
      case "create_or_replace" -> {
        if (exists) {
          ops.replace(tag, snapshot, retained);
        } else {
          ops.create(tag, snapshot, retained);
        }
      }
      case "replace" -> ops.replace(tag, snapshot, retained);
      default -> throw SparkErrors.invalidTagMode(mode);
    }
  }

  static StrataProcedure createTagFromTimestamp(TableArgument tables) {
    return new StrataProcedure(
        "create_tag_from_timestamp",
        "Tags the earliest snapshot committed at or after a time (epoch millis).",
        List.of(
            Param.table(),
            Param.required("tag", StringType, "Name of the tag."),
            Param.required("timestamp", LongType, "Epoch milliseconds."),
            Param.optional("time_retained", StringType, "How long to keep the tag.")),
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
        Long watermark = tag.snapshot().watermark();
        List<Object[]> rows = new ArrayList<>();
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
            Param.required("tag", StringType, "Tag names, comma-separated."),
            Param.optional(
                "mode",
                StringType,
                "Strata extension used by tag DDL: 'strict' fails on a missing tag.")),
        Results.RESULT) {
      @Override
      List<Object[]> run(Args args) {
        FileStoreTable t = tables.load(args.requiredString("table"));
        List<String> names = SchemaFactory.splitColumns(args.requiredString("tag"));
        if ("strict".equals(args.string("mode"))) {
          for (String n : names) {
            if (!t.tagManager().exists(n)) {
              throw SparkErrors.tagMissingOnDelete(n);
            }
          }
        }
        ops(t).delete(names);
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
            Param.required("tag", StringType, "Current tag name."),
            Param.required("target_tag", StringType, "New tag name.")),
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
                "older_than", StringType, "'yyyy-MM-dd HH:mm:ss'; tags created before it expire.")),
        Results.of("expired_tags", DataTypes.STRING())) {
      @Override
      List<Object[]> run(Args args) {
        FileStoreTable t = tables.load(args.requiredString("table"));
        String olderThan = args.string("older_than");
        List<Object[]> rows = new ArrayList<>();
        for (String name : ops(t).expire(olderThan == null ? null : parseTime(olderThan))) {
          rows.add(new Object[] {name});
        }
        if (rows.isEmpty()) {
          rows.add(new Object[] {"No expired tags."});
        }
        return rows;
      }
    };
  }

  static StrataProcedure triggerTagAutomaticCreation(TableArgument tables) {
    return new StrataProcedure(
        "trigger_tag_automatic_creation",
        "Runs the table's automatic tag creation now, as a commit would: process-time and"
            + " watermark tag each completed tag.creation-period on the first snapshot after it"
            + " (commit time or watermark, plus tag.creation-delay), batch tags the latest snapshot"
            + " by tag.batch.customized-name or the day; then expired automatic tags are deleted.",
        List.of(Param.table()),
        Results.RESULT) {
      @Override
      List<Object[]> run(Args args) {
        String tableArg = args.requiredString("table");
        FileStoreTable t = tables.load(tableArg);
        String table = String.valueOf(tables.identifier(tableArg));
        TagCreationMode mode = t.options().get(TagOptions.AUTOMATIC_CREATION);
        if (mode == TagCreationMode.NONE) {
          throw CoreErrors.noAutomaticTagCreation(table, mode.value());
        }
        if (t.snapshotManager().latest() == null) {
          throw CoreErrors.noSnapshotToTag(table);
        }
        new AutoTags(t, t.clock()).run();
        return Results.ok();
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
      throw SparkErrors.invalidTime(text);
    }
  }
}
