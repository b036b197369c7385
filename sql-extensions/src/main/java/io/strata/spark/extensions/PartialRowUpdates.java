package io.strata.spark.extensions;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.spark.sql.catalyst.expressions.Alias;
import org.apache.spark.sql.catalyst.expressions.Attribute;
import org.apache.spark.sql.catalyst.expressions.AttributeReference;
import org.apache.spark.sql.catalyst.expressions.ExprId;
import org.apache.spark.sql.catalyst.expressions.Expression;
import org.apache.spark.sql.catalyst.expressions.Literal;
import org.apache.spark.sql.catalyst.expressions.NamedExpression;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.apache.spark.sql.catalyst.plans.logical.MergeRows;
import org.apache.spark.sql.catalyst.plans.logical.Project;
import org.apache.spark.sql.catalyst.plans.logical.WriteDelta;
import org.apache.spark.sql.catalyst.rules.Rule;
import org.apache.spark.sql.catalyst.util.RowDeltaUtils$;
import org.apache.spark.sql.connector.expressions.NamedReference;
import scala.Option;
import scala.jdk.javaapi.CollectionConverters;

/**
 * Lets an UPDATE or MERGE on a table that keeps stored values under nulls ({@link
 * SupportsPartialRowUpdates}) read only the columns it needs. Spark's row-level rewrite writes
 * whole rows: every column an update leaves alone is copied from the target, so the target scan
 * reads all of them. Here each such copy of a column the table keeps under null becomes a typed
 * null; nothing else references the column any more and column pruning drops it from the scan. The
 * merge on read (or compaction) then keeps the stored value.
 *
 * <p>An update that changes a key column writes a row under a new key, which has no stored values
 * to keep: such an update keeps its copies. Only the first {@code n} outputs (the operation and the
 * table's {@code n - 1} columns, in table order) are touched; a plan of another shape is left as it
 * is, which is always correct, only slower.
 */
final class PartialRowUpdates extends Rule<LogicalPlan> {

  private static final int UPDATE = RowDeltaUtils$.MODULE$.UPDATE_OPERATION();

  @Override
  public LogicalPlan apply(LogicalPlan plan) {
    if (!(plan instanceof WriteDelta write)
        || !(write.operation() instanceof SupportsPartialRowUpdates partial)) {
      return plan;
    }
    Set<String> kept = partial.columnsKeptWhenNull();
    if (kept.isEmpty()) {
      return plan;
    }
    Target target = Target.of(write, partial, kept);
    LogicalPlan query = write.query();
    LogicalPlan rewritten = query;
    if (query instanceof Project project) {
      rewritten = rewriteUpdate(project, target);
    } else if (query instanceof MergeRows merge) {
      rewritten = rewriteMerge(merge, target);
    }
    return rewritten == query ? plan : (LogicalPlan) write.withNewQuery(rewritten);
  }

  /** An UPDATE: one projection whose first output is the UPDATE operation. */
  private static LogicalPlan rewriteUpdate(Project project, Target target) {
    List<NamedExpression> outputs = CollectionConverters.asJava(project.projectList());
    if (outputs.isEmpty()
        || !(outputs.get(0) instanceof Alias op)
        || !isOperation(op.child(), UPDATE)) {
      return project;
    }
    List<Expression> values = new ArrayList<>();
    for (NamedExpression e : outputs) {
      if (e instanceof Alias a) {
        values.add(a.child());
      } else {
        values.add((Expression) e);
      }
    }
    List<Expression> nulled = target.nullCopies(values);
    if (nulled == null || nulled.equals(values)) {
      return project;
    }
    List<NamedExpression> projectList = new ArrayList<>(outputs);
    for (int i = 0; i < projectList.size(); i++) {
      if (nulled.get(i) != values.get(i)) {
        projectList.set(i, named(nulled.get(i), projectList.get(i)));
      }
    }
    return new Project(CollectionConverters.asScala(projectList).toList(), project.child());
  }

  /** {@code value} under the name and id of {@code output}, so the plan above still finds it. */
  private static NamedExpression named(Expression value, NamedExpression output) {
    if (output instanceof Alias a) {
      return new Alias(
          value,
          a.name(),
          a.exprId(),
          a.qualifier(),
          a.explicitMetadata(),
          a.nonInheritableMetadataKeys());
    }
    return new Alias(
        value,
        output.name(),
        output.exprId(),
        output.qualifier(),
        Option.empty(),
        scala.collection.immutable.List$.MODULE$.empty());
  }

  /** A MERGE: each WHEN ... THEN UPDATE instruction, rewritten on its own. */
  private static LogicalPlan rewriteMerge(MergeRows merge, Target target) {
    boolean[] changed = {false};
    scala.collection.immutable.Seq<MergeRows.Instruction> matched =
        rewriteInstructions(merge.matchedInstructions(), target, changed);
    scala.collection.immutable.Seq<MergeRows.Instruction> bySource =
        rewriteInstructions(merge.notMatchedBySourceInstructions(), target, changed);
    if (!changed[0]) {
      return merge;
    }
    return merge.copy(
        merge.isSourceRowPresent(),
        merge.isTargetRowPresent(),
        matched,
        merge.notMatchedInstructions(),
        bySource,
        merge.checkCardinality(),
        merge.output(),
        merge.child());
  }

  private static scala.collection.immutable.Seq<MergeRows.Instruction> rewriteInstructions(
      scala.collection.immutable.Seq<MergeRows.Instruction> instructions,
      Target target,
      boolean[] changed) {
    List<MergeRows.Instruction> result = new ArrayList<>();
    for (MergeRows.Instruction instruction : CollectionConverters.asJava(instructions)) {
      if (instruction instanceof MergeRows.Keep keep
          && keep.context() == MergeRows.Update$.MODULE$
          && !keep.output().isEmpty()
          && isOperation(keep.output().head(), UPDATE)) {
        List<Expression> outputs = CollectionConverters.asJava(keep.output());
        List<Expression> nulled = target.nullCopies(outputs);
        if (nulled != null && !nulled.equals(outputs)) {
          result.add(
              keep.copy(
                  keep.context(), keep.condition(), CollectionConverters.asScala(nulled).toList()));
          changed[0] = true;
          continue;
        }
      }
      result.add(instruction);
    }
    return CollectionConverters.asScala(result).toList();
  }

  private static boolean isOperation(Expression e, int operation) {
    return e instanceof Literal l && l.value() instanceof Integer v && v == operation;
  }

  /**
   * The target's columns in table order (as its relation outputs them), which of them are keys and
   * which the table keeps under null.
   */
  private record Target(List<Attribute> columns, Set<String> keys, Set<String> kept) {

    static Target of(WriteDelta write, SupportsPartialRowUpdates operation, Set<String> kept) {
      List<Attribute> columns =
          CollectionConverters.asJava(((LogicalPlan) write.originalTable()).output());
      Set<String> keys = new HashSet<>();
      for (NamedReference ref : operation.rowId()) {
        keys.add(String.join(".", ref.fieldNames()));
      }
      return new Target(columns, keys, kept);
    }

    /**
     * {@code outputs} (the operation, then one value per table column, then anything else) with
     * every copy of a kept column replaced by null; null when the outputs do not have that shape or
     * the update changes a key.
     */
    List<Expression> nullCopies(List<Expression> outputs) {
      if (outputs.size() < columns.size() + 1) {
        return null;
      }
      List<Expression> result = new ArrayList<>(outputs);
      for (int i = 0; i < columns.size(); i++) {
        Attribute column = columns.get(i);
        Expression value = outputs.get(i + 1);
        boolean copy = isCopyOf(value, column);
        if (keys.contains(column.name()) && !copy) {
          return null;
        }
        if (copy && kept.contains(column.name()) && column.nullable()) {
          result.set(i + 1, Literal.create(null, column.dataType()));
        }
      }
      return result;
    }

    private static boolean isCopyOf(Expression value, Attribute column) {
      if (!(value instanceof AttributeReference ref)) {
        return false;
      }
      ExprId id = ref.exprId();
      return id.equals(column.exprId());
    }
  }
}
