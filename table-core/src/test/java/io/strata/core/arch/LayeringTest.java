package io.strata.core.arch;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * table-core's packages form layers (docs/architecture.md): no two depend on each other, directly
 * or through others, and none reaches Spark. Checked on bytecode, so inline fully qualified names
 * count as much as imports.
 */
class LayeringTest {

  private static JavaClasses core;

  @BeforeAll
  static void importMainClasses() {
    core =
        new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("io.strata.core");
  }

  @Test
  void packagesHaveNoCycle() {
    slices().matching("io.strata.core.(*)..").should().beFreeOfCycles().check(core);
  }

  @Test
  void noSparkInTableCore() {
    noClasses()
        .that()
        .resideInAPackage("io.strata.core..")
        .should()
        .dependOnClassesThat()
        .resideInAPackage("org.apache.spark..")
        .check(core);
  }
}
