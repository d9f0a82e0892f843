package org.asynciotck.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noFields;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noCodeUnits;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaCodeUnit;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;

/**
 * The house rules that module boundaries cannot express (the modules already refuse an import
 * against their order: the kit cannot see an adapter, the API sees nothing). These are about
 * what a class may do within what it can see.
 */
@AnalyzeClasses(packages = "org.asynciotck", importOptions = ImportOption.DoNotIncludeTests.class)
class HouseRulesTest {

    private static final String[] KIT = {"org.asynciotck.spi..", "org.asynciotck.steps..", "org.asynciotck.runner..",
        "org.asynciotck.untrusted.."};

    /** JSON is a wire form: the protocol's (ProtocolJson) and the reports' (ReportJson), never the API's or the kit's. */
    @ArchTest
    static final ArchRule theApiAndTheKitKnowNoJson = noClasses().that().resideInAnyPackage(KIT)
            .or().resideInAnyPackage("org.asynciotck.reference..", "org.asynciotck.refloop..")
            .should().dependOnClassesThat().resideInAPackage("com.fasterxml..")
            .because("the API's types are the same in process and over the wire; the wire form lives in"
                    + " protocol (ProtocolJson) and reports (ReportJson) as mix-ins");

    /**
     * A run's state is the run's: the kit keeps nothing in a static field that a later or a parallel run
     * could see or replace. What scenarios and plugins share reaches them through the run's RunScope.
     */
    @ArchTest
    static final ArchRule theKitHoldsNoRunInAStaticField = noFields().that().areDeclaredInClassesThat()
            .resideInAnyPackage(KIT).and().areStatic()
            .should().notBeFinal()
            .because("a static field that a run sets is seen by every other run in the JVM (RunScope says how a"
                    + " run reaches its scenarios instead)");

    /**
     * The one Java interpreter of the vocabulary (tck/interpreter) and the JUnit base class over it serve every
     * Java loop alike: they name no adapter and no loop; the reference loop reaches them through its JavaLoop
     * (reference-impl/adapter's ReferenceJavaLoop), as any other loop does. Its module sees the API alone.
     */
    @ArchTest
    static final ArchRule theJavaInterpreterNamesNoLoop = noClasses().that().resideInAPackage("org.asynciotck.java..")
            .should().dependOnClassesThat().resideInAnyPackage("org.asynciotck.reference..", "org.asynciotck.refloop..",
                    "org.asynciotck.process..", "org.asynciotck.cli..", "com.fasterxml..")
            .because("the interpreter must answer for any JavaLoop as it does for the reference loop");

    /** The kit names no adapter: the implementation reaches it through the API (ImplementationProvider). */
    @ArchTest
    static final ArchRule theKitNamesNoAdapter = noClasses().that().resideInAnyPackage(KIT)
            .should().dependOnClassesThat().resideInAnyPackage("org.asynciotck.reference..", "org.asynciotck.process..",
                    "org.asynciotck.refloop..", "org.asynciotck.report..", "org.asynciotck.gate..", "org.asynciotck.cli..");

    /**
     * Only the command line prints. The reference loop is the one exception, and it is not the kit: its
     * default exception handler logs to stderr, as asyncio's does.
     */
    @ArchTest
    static final ArchRule onlyTheCommandLinePrints = noClasses().that().resideOutsideOfPackages(
                    "org.asynciotck.cli..", "org.asynciotck.refloop..")
            .should().accessField(System.class, "out").orShould().accessField(System.class, "err")
            .because("output reaches a terminal only through the CLI's sanitising writers (untrusted)");

    /**
     * Verdicts are decided by types (NotApplicable, BlockedScenario, ImplementationFailure, AssertionError),
     * never by reading what an exception's message says: the classifier that turns how a scenario ended
     * into a verdict compares no text at all, and no other method of the runner that reads a message does.
     */
    @ArchTest
    static final ArchRule theVerdictClassifierComparesNoText = noCodeUnits().that().areDeclaredInClassesThat()
            .haveSimpleNameEndingWith("Classifier").and().areDeclaredInClassesThat()
            .resideInAPackage("org.asynciotck.runner..")
            .should(compareText());

    @ArchTest
    static final ArchRule noVerdictFromAMessage = noCodeUnits().that().areDeclaredInClassesThat()
            .resideInAPackage("org.asynciotck.runner..").and(readAMessage())
            .should(compareText());

    private static DescribedPredicate<JavaCodeUnit> readAMessage() {
        return DescribedPredicate.describe("read an exception's message", unit -> unit.getMethodCallsFromSelf().stream()
                .anyMatch(call -> call.getTarget().getName().equals("getMessage")
                        && call.getTargetOwner().isAssignableTo(Throwable.class)));
    }

    private static ArchCondition<JavaCodeUnit> compareText() {
        return new ArchCondition<>("compare text") {
            @Override
            public void check(JavaCodeUnit unit, ConditionEvents events) {
                unit.getMethodCallsFromSelf().stream()
                        .filter(call -> call.getTargetOwner().isEquivalentTo(String.class))
                        .filter(call -> java.util.Set.of("startsWith", "endsWith", "contains", "equals", "matches",
                                "equalsIgnoreCase").contains(call.getTarget().getName()))
                        .forEach(call -> events.add(SimpleConditionEvent.satisfied(call, call.getDescription())));
            }
        };
    }
}
