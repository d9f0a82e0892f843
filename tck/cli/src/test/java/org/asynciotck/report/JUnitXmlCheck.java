package org.asynciotck.report;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.transform.stream.StreamSource;
import javax.xml.validation.SchemaFactory;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;
import org.xml.sax.SAXException;

/**
 * Reads a junit.xml the way a CI reporter does, after validating it against junit-ci.xsd: each
 * testcase's outcome by rule ID ("passed", "failure", "error", "skipped"), and the suite's properties.
 */
public record JUnitXmlCheck(Map<String, String> outcomes, Map<String, String> messages, Map<String, String> properties,
        Element suite) {

    public static JUnitXmlCheck read(String xml) {
        try {
            SchemaFactory schemas = SchemaFactory.newInstance(XMLConstants.W3C_XML_SCHEMA_NS_URI);
            schemas.newSchema(JUnitXmlCheck.class.getResource("junit-ci.xsd")).newValidator()
                    .validate(new StreamSource(new StringReader(xml)));
            Document document = DocumentBuilderFactory.newInstance().newDocumentBuilder()
                    .parse(new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8)));
            Element suite = (Element) document.getElementsByTagName("testsuite").item(0);
            Map<String, String> outcomes = new LinkedHashMap<>();
            Map<String, String> messages = new LinkedHashMap<>();
            NodeList cases = document.getElementsByTagName("testcase");
            for (int i = 0; i < cases.getLength(); i++) {
                Element testcase = (Element) cases.item(i);
                String id = testcase.getAttribute("name").split(" ", 2)[0];
                String outcome = "passed";
                for (String kind : new String[] {"failure", "error", "skipped"}) {
                    NodeList found = testcase.getElementsByTagName(kind);
                    if (found.getLength() > 0) {
                        outcome = kind;
                        messages.put(id, ((Element) found.item(0)).getAttribute("message"));
                    }
                }
                outcomes.put(id, outcome);
            }
            Map<String, String> properties = new LinkedHashMap<>();
            NodeList props = document.getElementsByTagName("property");
            for (int i = 0; i < props.getLength(); i++) {
                Element p = (Element) props.item(i);
                properties.put(p.getAttribute("name"), p.getAttribute("value"));
            }
            return new JUnitXmlCheck(outcomes, messages, properties, suite);
        } catch (SAXException | IOException | javax.xml.parsers.ParserConfigurationException e) {
            throw new AssertionError("junit.xml is not valid against junit-ci.xsd: " + e.getMessage() + "\n" + xml, e);
        }
    }

    /** The rule IDs with that outcome. */
    public java.util.List<String> with(String outcome) {
        return outcomes.entrySet().stream().filter(e -> e.getValue().equals(outcome)).map(Map.Entry::getKey).toList();
    }

    public int count(String attribute) {
        return Integer.parseInt(suite.getAttribute(attribute));
    }
}
