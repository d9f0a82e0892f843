package org.asynciotck.features;

import static io.cucumber.junit.platform.engine.Constants.GLUE_PROPERTY_NAME;
import static io.cucumber.junit.platform.engine.Constants.PLUGIN_PROPERTY_NAME;

import org.junit.platform.suite.api.ConfigurationParameter;
import org.junit.platform.suite.api.IncludeEngines;
import org.junit.platform.suite.api.SelectPackages;
import org.junit.platform.suite.api.Suite;

/**
 * Runs every feature against the implementation chosen by {@code -Dasynciotck.impl}
 * (default: the reference loop). This is what {@code ./mvnw verify} certifies.
 */
@Suite
@IncludeEngines("cucumber")
@SelectPackages("features")
@ConfigurationParameter(key = GLUE_PROPERTY_NAME, value = "org.asynciotck.steps")
@ConfigurationParameter(key = PLUGIN_PROPERTY_NAME, value = "summary")
public class RunFeaturesTest {}
