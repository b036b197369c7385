package io.strata.spark;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaConstructorCall;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Every error of the Spark glue that a user can see is built by {@link SparkErrors}
 * (docs/architecture.md, "Errors"), checked on bytecode. Spark's own analysis exceptions
 * (NoSuchTableException, ...) keep Spark's wording and are thrown as Spark builds them; {@link
 * IllegalStateException} stays free for internal invariants.
 */
class ErrorFactoryTest {

  /** Types whose messages reach users; subclasses count too. */
  private static final List<Class<?>> USER_FACING =
      List.of(IllegalArgumentException.class, UnsupportedOperationException.class);

  private static JavaClasses glue;

  @BeforeAll
  static void importMainClasses() {
    glue =
        new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("io.strata.spark");
  }

  @Test
  void userFacingErrorsComeFromSparkErrors() {
    classes().should(constructUserFacingErrorsOnlyInSparkErrors()).check(glue);
  }

  private static ArchCondition<JavaClass> constructUserFacingErrorsOnlyInSparkErrors() {
    return new ArchCondition<>("construct user-facing exceptions only in SparkErrors") {
      @Override
      public void check(JavaClass origin, ConditionEvents events) {
        if (origin.isEquivalentTo(SparkErrors.class)) {
          return;
        }
        for (JavaConstructorCall call : origin.getConstructorCallsFromSelf()) {
          if (call.getOrigin().getName().equals("$deserializeLambda$")) {
            continue; // javac's own code for serializable lambdas, not ours
          }
          JavaClass target = call.getTargetOwner();
          if (USER_FACING.stream().anyMatch(target::isAssignableTo)) {
            events.add(
                SimpleConditionEvent.violated(
                    call, call.getDescription() + ": throw SparkErrors.xxx(...) instead"));
          }
        }
      }
    };
  }
}
