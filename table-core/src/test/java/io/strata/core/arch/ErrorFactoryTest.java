package io.strata.core.arch;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaConstructorCall;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import io.strata.core.catalog.CatalogException;
import io.strata.core.commit.CommitConflictException;
import io.strata.core.io.CorruptFileException;
import io.strata.core.paths.InvalidNameException;
import io.strata.core.paths.UnsafePathException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Every error a user can see is built by an error factory, so its wording stays in one place
 * (docs/architecture.md, "Errors"). Checked on bytecode: a class may construct a user-facing
 * exception only if it is a factory (in package {@code errors}, or named {@code *Errors}), or is
 * that exception type itself (its named static factories). {@link IllegalStateException} and {@link
 * java.io.UncheckedIOException} stay free for internal invariants and I/O wrapping.
 */
class ErrorFactoryTest {

  /** Types whose messages reach users; subclasses count too. */
  private static final List<Class<?>> USER_FACING =
      List.of(
          IllegalArgumentException.class,
          UnsupportedOperationException.class,
          CatalogException.class,
          CommitConflictException.class,
          CorruptFileException.class,
          InvalidNameException.class,
          UnsafePathException.class);

  /** Classes that may construct one anyway, each with the reason no user sees its message. */
  private static final Map<String, String> ALLOWED =
      Map.of(
          "io.strata.core.options.OptionsDoc",
          "build-time generator of docs/reference/options.md; its errors reach developers only");

  private static JavaClasses core;

  @BeforeAll
  static void importMainClasses() {
    core =
        new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("io.strata.core");
  }

  @Test
  void userFacingErrorsComeFromFactories() {
    classes().should(constructUserFacingErrorsOnlyInFactories()).check(core);
  }

  private static ArchCondition<JavaClass> constructUserFacingErrorsOnlyInFactories() {
    return new ArchCondition<>("construct user-facing exceptions only in an error factory") {
      @Override
      public void check(JavaClass origin, ConditionEvents events) {
        if (isFactory(origin) || ALLOWED.containsKey(origin.getName())) {
          return;
        }
        for (JavaConstructorCall call : origin.getConstructorCallsFromSelf()) {
          if (call.getOrigin().getName().equals("$deserializeLambda$")) {
            continue; // javac's own code for serializable lambdas, not ours
          }
          JavaClass target = call.getTargetOwner();
          boolean userFacing = USER_FACING.stream().anyMatch(target::isAssignableTo);
          // An exception type may build itself (its named factories) and call its super
          // constructor.
          if (userFacing && !origin.isAssignableTo(target.getName())) {
            events.add(
                SimpleConditionEvent.violated(
                    call,
                    call.getDescription()
                        + ": build it in io.strata.core.errors (throw CoreErrors.xxx(...))"));
          }
        }
      }
    };
  }

  private static boolean isFactory(JavaClass c) {
    return c.getPackageName().equals("io.strata.core.errors")
        || c.getSimpleName().endsWith("Errors");
  }
}
