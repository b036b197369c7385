package io.strata.spark.arch;

import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/**
 * spark-catalog's packages (read, write, compact, sort, procedures, ...) depend on each other in
 * one direction only: a write may compact after an overwrite, so compaction must not reach back
 * into the write path (sort compaction, which writes through it, lives in {@code sort}).
 */
class PackageCycleTest {

  @Test
  void packagesHaveNoCycle() {
    JavaClasses classes =
        new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("io.strata.spark");
    slices().matching("io.strata.spark.(*)..").should().beFreeOfCycles().check(classes);
  }
}
