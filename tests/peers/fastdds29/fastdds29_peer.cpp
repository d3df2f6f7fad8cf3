// A Fast DDS 2.9 application (Debian bookworm's libfastrtps2.9) for DDS Tuner's interop tests.
//
// Why it exists: Fast DDS 2.9 announces its endpoints with XTypes TypeInformation that libddsc 0.10.2
// rejects ("pid 75 invalid"), so Cyclone drops every endpoint of this participant while still seeing
// the participant. A monitoring tool must show the participant and say why its endpoints are missing.
//
// It creates participant "fastdds29_peer" (loopback-only transport, unicast discovery to 127.0.0.1 like
// tests/peers/fastdds-loopback.xml), a type defined with Fast DDS dynamic types (so Fast DDS fills in the
// type information), writer "Greetings" (reliable, transient-local) and reader "Replies" (reliable).
// Prints "INFO key=value" lines, then READY, publishes every --period-ms, and stops on SIGTERM/SIGINT or
// when its stdin, if a pipe, closes. Run it only inside releng/scripts/netns-run.sh.
//
// Build: tests/peers/fastdds29/build.sh
#include <fastdds/dds/domain/DomainParticipant.hpp>
#include <fastdds/dds/domain/DomainParticipantFactory.hpp>
#include <fastdds/dds/publisher/DataWriter.hpp>
#include <fastdds/dds/publisher/Publisher.hpp>
#include <fastdds/dds/subscriber/DataReader.hpp>
#include <fastdds/dds/subscriber/Subscriber.hpp>
#include <fastdds/dds/topic/Topic.hpp>
#include <fastdds/rtps/transport/UDPv4TransportDescriptor.h>
#include <fastrtps/types/DynamicDataFactory.h>
#include <fastrtps/types/DynamicPubSubType.h>
#include <fastrtps/types/DynamicTypeBuilderFactory.h>
#include <fastrtps/types/DynamicTypeBuilderPtr.h>

#include <atomic>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <sys/stat.h>
#include <thread>
#include <unistd.h>

using namespace eprosima::fastdds::dds;
using namespace eprosima::fastrtps::types;
using eprosima::fastdds::rtps::UDPv4TransportDescriptor;
using eprosima::fastrtps::rtps::Locator_t;
using eprosima::fastrtps::rtps::IPLocator;

static std::atomic<bool> g_stop{false};

static void on_signal(int) { g_stop = true; }

static std::string guid_hex(const eprosima::fastrtps::rtps::GUID_t& g)
{
    char buf[33];
    for (int i = 0; i < 12; ++i) std::snprintf(buf + 2 * i, 3, "%02x", g.guidPrefix.value[i]);
    for (int i = 0; i < 4; ++i) std::snprintf(buf + 24 + 2 * i, 3, "%02x", g.entityId.value[i]);
    return std::string(buf, 32);
}

// Stops the peer when the parent closes our stdin pipe (the test harness died without killing us).
static void watch_stdin()
{
    struct stat st;
    if (fstat(0, &st) != 0 || !(S_ISFIFO(st.st_mode) || S_ISSOCK(st.st_mode))) return;
    std::thread([] {
        char buf[256];
        while (read(0, buf, sizeof buf) > 0) {}
        g_stop = true;
    }).detach();
}

// Loopback only: no builtin transports (no shared memory, no multicast), one UDPv4 transport on
// 127.0.0.1, discovery by unicast to the well-known ports of participant ids 0..20 on 127.0.0.1.
static DomainParticipantQos loopback_qos(const std::string& name)
{
    DomainParticipantQos qos = PARTICIPANT_QOS_DEFAULT;
    qos.name(name.c_str());
    auto udp = std::make_shared<UDPv4TransportDescriptor>();
    udp->interfaceWhiteList.push_back("127.0.0.1");
    udp->maxInitialPeersRange = 20;
    qos.transport().use_builtin_transports = false;
    qos.transport().user_transports.push_back(udp);
    Locator_t local;
    IPLocator::setIPv4(local, 127, 0, 0, 1);
    local.port = 0; // filled in from the participant id
    qos.wire_protocol().builtin.metatrafficUnicastLocatorList.push_back(local);
    qos.wire_protocol().default_unicast_locator_list.push_back(local);
    Locator_t peer;
    IPLocator::setIPv4(peer, 127, 0, 0, 1);
    qos.wire_protocol().builtin.initialPeersList.push_back(peer);
    return qos;
}

int main(int argc, char** argv)
{
    int domain = 0;
    int period_ms = 200;
    std::string name = "fastdds29_peer";
    for (int i = 1; i < argc; ++i) {
        std::string a = argv[i];
        if (a == "--domain" && i + 1 < argc) domain = std::atoi(argv[++i]);
        else if (a == "--period-ms" && i + 1 < argc) period_ms = std::atoi(argv[++i]);
        else if (a == "--name" && i + 1 < argc) name = argv[++i];
        else {
            std::fprintf(stderr, "usage: %s [--domain N] [--period-ms MS] [--name NAME]\n", argv[0]);
            return 2;
        }
    }
    std::signal(SIGTERM, on_signal);
    std::signal(SIGINT, on_signal);

    DomainParticipant* participant =
            DomainParticipantFactory::get_instance()->create_participant(domain, loopback_qos(name));
    if (participant == nullptr) {
        std::fprintf(stderr, "fastdds29_peer: cannot create the participant\n");
        return 1;
    }

    // struct tuner::Greeting { int32 count; string text; } as a dynamic type: registering it fills
    // Fast DDS's TypeObject factory, so its endpoints carry TypeInformation (auto_fill_type_information).
    DynamicTypeBuilder_ptr builder = DynamicTypeBuilderFactory::get_instance()->create_struct_builder();
    builder->add_member(0, "count", DynamicTypeBuilderFactory::get_instance()->create_int32_type());
    builder->add_member(1, "text", DynamicTypeBuilderFactory::get_instance()->create_string_type());
    builder->set_name("tuner::Greeting");
    DynamicType_ptr type = builder->build();
    TypeSupport support(new DynamicPubSubType(type));
    support->auto_fill_type_information(true);
    support->auto_fill_type_object(false);
    support.register_type(participant);

    Topic* greetings = participant->create_topic("Greetings", support.get_type_name(), TOPIC_QOS_DEFAULT);
    Topic* replies = participant->create_topic("Replies", support.get_type_name(), TOPIC_QOS_DEFAULT);
    Publisher* publisher = participant->create_publisher(PUBLISHER_QOS_DEFAULT);
    Subscriber* subscriber = participant->create_subscriber(SUBSCRIBER_QOS_DEFAULT);
    DataWriterQos wqos = DATAWRITER_QOS_DEFAULT;
    wqos.reliability().kind = RELIABLE_RELIABILITY_QOS;
    wqos.durability().kind = TRANSIENT_LOCAL_DURABILITY_QOS;
    DataWriter* writer = publisher->create_datawriter(greetings, wqos);
    DataReaderQos rqos = DATAREADER_QOS_DEFAULT;
    rqos.reliability().kind = RELIABLE_RELIABILITY_QOS;
    DataReader* reader = subscriber->create_datareader(replies, rqos);
    if (greetings == nullptr || replies == nullptr || writer == nullptr || reader == nullptr) {
        std::fprintf(stderr, "fastdds29_peer: cannot create topics, writer or reader\n");
        return 1;
    }

    std::printf("INFO guid=%s\n", guid_hex(participant->guid()).c_str());
    std::printf("INFO name=%s\n", name.c_str());
    std::printf("INFO domain=%d\n", domain);
    std::printf("INFO pid=%d\n", static_cast<int>(getpid()));
    std::printf("INFO writer=%s Greetings tuner::Greeting reliable transient-local\n", guid_hex(writer->guid()).c_str());
    std::printf("INFO reader=%s Replies tuner::Greeting reliable volatile\n", guid_hex(reader->guid()).c_str());
    std::printf("READY\n");
    std::fflush(stdout);
    watch_stdin();

    DynamicData* sample = DynamicDataFactory::get_instance()->create_data(type);
    for (int count = 0; !g_stop; ++count) {
        sample->set_int32_value(count, 0);
        sample->set_string_value("hello from " + name, 1);
        writer->write(sample);
        for (int waited = 0; waited < period_ms && !g_stop; waited += 10) {
            std::this_thread::sleep_for(std::chrono::milliseconds(10));
        }
    }
    std::fprintf(stderr, "fastdds29_peer: stopping\n");
    DynamicDataFactory::get_instance()->delete_data(sample);
    participant->delete_contained_entities();
    DomainParticipantFactory::get_instance()->delete_participant(participant);
    return 0;
}
