package org.monkeyeval.cli;

/** The line {@code run} and {@code confirm} end with: where the readable report comes from. */
final class ReportHint {

    private ReportHint() {
    }

    static String line(Folders folders) {
        return "to see these results as a page with figures: java -jar monkey-eval.jar report --cases "
                + folders.cases + " --out " + folders.out + " (writes report.html)";
    }
}
