/** jdpdk's examples, as a named module on the module path: native access goes to jdpdk's modules alone. */
module io.jdpdk.examples
{
    requires io.jdpdk.pmd;
}
