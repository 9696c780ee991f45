package dml

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/tcp-project/tcp/dialect/dml"
	"github.com/tcp-project/tcp/internal/quote"
)

// The C++ form (--mlir-to-dml-cpp): one self-contained C++17 translation
// unit per module, raw DirectML.h structs only (no DirectMLX helpers). For each
// graph @f it defines
//
//	HRESULT tcp_dml_compile_f(IDMLDevice1*, IDMLCompiledOperator**)
//	HRESULT tcp_dml_run_f(ID3D12Device*, ID3D12CommandQueue*, IDMLDevice1*,
//	                      ID3D12Resource* const* inputs, ID3D12Resource* const* outputs)
//
// (per-graph names are tcp_dml_<kind>_<id> with id = quote.CppIdent of
// the symbol, injective; no kind's prefix is a prefix of another's, so
// two graphs never share a name) and once tcp_dml_create_device (DMLCreateDevice1 at the recorded
// minimum level, then IDMLDevice1). Every array and desc is a named local
// alive until CompileGraph returns; one comment per node names the op and
// its source location. DML_TARGET_VERSION defaults to the minimum level,
// so a struct of a newer level fails to compile. On Linux the file
// includes wsl/winadapter.h first and declares the DirectML interface
// GUIDs for the WSL stubs, so g++ can check it against DirectX-Headers.

// dmlGUIDs are the DML_DECLARE_INTERFACE GUIDs of DirectML.h (see TestCPPCompiles for the syntax check they serve).
var dmlGUIDs = [][2]string{
	{"IDMLObject", "0xc8263aac,0x9e0c,0x4a2d,0x9b,0x8e,0x00,0x75,0x21,0xa3,0x31,0x7c"},
	{"IDMLDevice", "0x6dbd6437,0x96fd,0x423f,0xa9,0x8c,0xae,0x5e,0x7c,0x2a,0x57,0x3f"},
	{"IDMLDeviceChild", "0x27e83142,0x8165,0x49e3,0x97,0x4e,0x2f,0xd6,0x6e,0x4c,0xb6,0x9d"},
	{"IDMLPageable", "0xb1ab0825,0x4542,0x4a4b,0x86,0x17,0x6d,0xde,0x6e,0x8f,0x62,0x01"},
	{"IDMLOperator", "0x26caae7a,0x3081,0x4633,0x95,0x81,0x22,0x6f,0xbe,0x57,0x69,0x5d"},
	{"IDMLDispatchable", "0xdcb821a8,0x1039,0x441e,0x9f,0x1c,0xb1,0x75,0x9c,0x2f,0x3c,0xec"},
	{"IDMLCompiledOperator", "0x6b15e56a,0xbf5c,0x4902,0x92,0xd8,0xda,0x3a,0x65,0x0a,0xfe,0xa4"},
	{"IDMLOperatorInitializer", "0x427c1113,0x435c,0x469c,0x86,0x76,0x4d,0x5d,0xd0,0x72,0xf8,0x13"},
	{"IDMLBindingTable", "0x29c687dc,0xde74,0x4e3b,0xab,0x00,0x11,0x68,0xf2,0xfc,0x3c,0xfc"},
	{"IDMLCommandRecorder", "0xe6857a76,0x2e3e,0x4fdd,0xbf,0xf4,0x5d,0x2b,0xa1,0x0f,0xb4,0x53"},
	{"IDMLDebugDevice", "0x7d6f3ac9,0x394a,0x4ac3,0x92,0xa7,0x39,0x0c,0xc5,0x7a,0x82,0x17"},
	{"IDMLDevice1", "0xa0884f9a,0xd2be,0x4355,0xaa,0x5d,0x59,0x01,0x28,0x1a,0xd1,0xd2"},
}

const cppPrelude = `#ifdef _WIN32
#include <windows.h>
#include <d3d12.h>
#include <DirectML.h>
#else
// Linux (WSL or a syntax check): DirectX-Headers' include/ directory and
// include/wsl/stubs on the include path; winadapter.h must come first.
#include <wsl/winadapter.h>
#include <directx/d3d12.h>
#include <directx/DirectML.h>
#include <dxguids/dxguids.h>
`

const cppRuntime = `
namespace {

// TcpDmlRef releases a COM pointer at scope exit.
template <class T>
struct TcpDmlRef {
  T* p = nullptr;
  TcpDmlRef() = default;
  TcpDmlRef(const TcpDmlRef&) = delete;
  TcpDmlRef& operator=(const TcpDmlRef&) = delete;
  ~TcpDmlRef() {
    if (p) p->Release();
  }
};

// TcpDmlBuffer describes a graph input or output buffer; constants
// (DML_TENSOR_FLAG_OWNED_BY_DML) carry their bytes.
struct TcpDmlBuffer {
  const char* name;
  UINT64 bytes;
  const void* data;
};

HRESULT tcp_dml_buffer(ID3D12Device* d3d, D3D12_HEAP_TYPE heapType, UINT64 bytes, ID3D12Resource** out) {
  D3D12_HEAP_PROPERTIES heap = {};
  heap.Type = heapType;
  D3D12_RESOURCE_DESC desc = {};
  desc.Dimension = D3D12_RESOURCE_DIMENSION_BUFFER;
  desc.Width = bytes;
  desc.Height = 1;
  desc.DepthOrArraySize = 1;
  desc.MipLevels = 1;
  desc.Format = DXGI_FORMAT_UNKNOWN;
  desc.SampleDesc.Count = 1;
  desc.Layout = D3D12_TEXTURE_LAYOUT_ROW_MAJOR;
  desc.Flags = heapType == D3D12_HEAP_TYPE_UPLOAD ? D3D12_RESOURCE_FLAG_NONE : D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS;
  D3D12_RESOURCE_STATES state = heapType == D3D12_HEAP_TYPE_UPLOAD ? D3D12_RESOURCE_STATE_GENERIC_READ : D3D12_RESOURCE_STATE_UNORDERED_ACCESS;
  return d3d->CreateCommittedResource(&heap, D3D12_HEAP_FLAG_NONE, &desc, state, nullptr, IID_PPV_ARGS(out));
}

// tcp_dml_execute closes and executes list, waits for the GPU, then
// resets the allocator and the list for more recording.
HRESULT tcp_dml_execute(ID3D12Device* d3d, ID3D12CommandQueue* queue, ID3D12CommandAllocator* alloc, ID3D12GraphicsCommandList* list) {
  HRESULT hr = list->Close();
  if (FAILED(hr)) return hr;
  ID3D12CommandList* lists[] = {list};
  queue->ExecuteCommandLists(1, lists);
  TcpDmlRef<ID3D12Fence> fence;
  hr = d3d->CreateFence(0, D3D12_FENCE_FLAG_NONE, IID_PPV_ARGS(&fence.p));
  if (FAILED(hr)) return hr;
  hr = queue->Signal(fence.p, 1);
  if (FAILED(hr)) return hr;
  hr = fence.p->SetEventOnCompletion(1, nullptr);  // a null event blocks until the fence is reached
  if (FAILED(hr)) return hr;
  hr = alloc->Reset();
  if (FAILED(hr)) return hr;
  return list->Reset(alloc, nullptr);
}

// tcp_dml_run initializes and dispatches a compiled graph once, following
// the DirectML samples (HelloDirectML): constants are uploaded and bound to
// the initializer as one BUFFER_ARRAY; the other inputs and the outputs
// are default-heap buffers in the UNORDERED_ACCESS state (inputs in graph
// input order, constants skipped), bound for execution.
HRESULT tcp_dml_run(ID3D12Device* d3d, ID3D12CommandQueue* queue, IDMLDevice1* dml, IDMLCompiledOperator* compiled,
                    const TcpDmlBuffer* inputInfo, UINT inputCount, const TcpDmlBuffer* outputInfo, UINT outputCount,
                    ID3D12Resource* const* inputs, ID3D12Resource* const* outputs) {
  TcpDmlRef<IDMLOperatorInitializer> init;
  IDMLCompiledOperator* toInit[] = {compiled};
  HRESULT hr = dml->CreateOperatorInitializer(1, toInit, IID_PPV_ARGS(&init.p));
  if (FAILED(hr)) return hr;
  DML_BINDING_PROPERTIES initProps = init.p->GetBindingProperties();
  DML_BINDING_PROPERTIES execProps = compiled->GetBindingProperties();
  UINT descriptorCount = initProps.RequiredDescriptorCount > execProps.RequiredDescriptorCount ? initProps.RequiredDescriptorCount : execProps.RequiredDescriptorCount;
  if (descriptorCount == 0) descriptorCount = 1;

  TcpDmlRef<ID3D12DescriptorHeap> heap;
  D3D12_DESCRIPTOR_HEAP_DESC heapDesc = {};
  heapDesc.Type = D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV;
  heapDesc.NumDescriptors = descriptorCount;
  heapDesc.Flags = D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE;
  hr = d3d->CreateDescriptorHeap(&heapDesc, IID_PPV_ARGS(&heap.p));
  if (FAILED(hr)) return hr;
  TcpDmlRef<ID3D12CommandAllocator> alloc;
  hr = d3d->CreateCommandAllocator(D3D12_COMMAND_LIST_TYPE_DIRECT, IID_PPV_ARGS(&alloc.p));
  if (FAILED(hr)) return hr;
  TcpDmlRef<ID3D12GraphicsCommandList> list;
  hr = d3d->CreateCommandList(0, D3D12_COMMAND_LIST_TYPE_DIRECT, alloc.p, nullptr, IID_PPV_ARGS(&list.p));
  if (FAILED(hr)) return hr;
  ID3D12DescriptorHeap* heaps[] = {heap.p};
  list.p->SetDescriptorHeaps(1, heaps);

  DML_BINDING_TABLE_DESC tableDesc = {init.p, heap.p->GetCPUDescriptorHandleForHeapStart(), heap.p->GetGPUDescriptorHandleForHeapStart(), descriptorCount};
  TcpDmlRef<IDMLBindingTable> table;
  hr = dml->CreateBindingTable(&tableDesc, IID_PPV_ARGS(&table.p));
  if (FAILED(hr)) return hr;

  UINT64 tempSize = initProps.TemporaryResourceSize > execProps.TemporaryResourceSize ? initProps.TemporaryResourceSize : execProps.TemporaryResourceSize;
  UINT64 persistentSize = execProps.PersistentResourceSize;
  TcpDmlRef<ID3D12Resource> temp, persistent;
  if (tempSize != 0) {
    hr = tcp_dml_buffer(d3d, D3D12_HEAP_TYPE_DEFAULT, tempSize, &temp.p);
    if (FAILED(hr)) return hr;
  }
  if (persistentSize != 0) {
    hr = tcp_dml_buffer(d3d, D3D12_HEAP_TYPE_DEFAULT, persistentSize, &persistent.p);
    if (FAILED(hr)) return hr;
  }
  DML_BUFFER_BINDING tempBuffer = {temp.p, 0, tempSize};
  DML_BINDING_DESC tempBinding = {DML_BINDING_TYPE_BUFFER, &tempBuffer};
  DML_BUFFER_BINDING persistentBuffer = {persistent.p, 0, persistentSize};
  DML_BINDING_DESC persistentBinding = {DML_BINDING_TYPE_BUFFER, &persistentBuffer};

  // Initialization: constants (owned by DML) from upload buffers.
  std::vector<TcpDmlRef<ID3D12Resource>> uploads(inputCount);
  std::vector<DML_BUFFER_BINDING> initInputs(inputCount);
  bool anyConstant = false;
  for (UINT i = 0; i < inputCount; ++i) {
    initInputs[i] = DML_BUFFER_BINDING{nullptr, 0, 0};
    if (inputInfo[i].data == nullptr) continue;
    anyConstant = true;
    hr = tcp_dml_buffer(d3d, D3D12_HEAP_TYPE_UPLOAD, inputInfo[i].bytes, &uploads[i].p);
    if (FAILED(hr)) return hr;
    void* mapped = nullptr;
    hr = uploads[i].p->Map(0, nullptr, &mapped);
    if (FAILED(hr)) return hr;
    std::memcpy(mapped, inputInfo[i].data, static_cast<size_t>(inputInfo[i].bytes));
    uploads[i].p->Unmap(0, nullptr);
    initInputs[i] = DML_BUFFER_BINDING{uploads[i].p, 0, inputInfo[i].bytes};
  }
  DML_BUFFER_ARRAY_BINDING initArray = {inputCount, initInputs.data()};
  DML_BINDING_DESC initInputBinding = {DML_BINDING_TYPE_BUFFER_ARRAY, &initArray};
  if (anyConstant) table.p->BindInputs(1, &initInputBinding);
  if (tempSize != 0) table.p->BindTemporaryResource(&tempBinding);
  if (persistentSize != 0) table.p->BindOutputs(1, &persistentBinding);
  TcpDmlRef<IDMLCommandRecorder> recorder;
  hr = dml->CreateCommandRecorder(IID_PPV_ARGS(&recorder.p));
  if (FAILED(hr)) return hr;
  recorder.p->RecordDispatch(list.p, init.p, table.p);
  hr = tcp_dml_execute(d3d, queue, alloc.p, list.p);
  if (FAILED(hr)) return hr;

  // Execution: inputs (none for constants) and outputs.
  list.p->SetDescriptorHeaps(1, heaps);
  tableDesc.Dispatchable = compiled;
  hr = table.p->Reset(&tableDesc);
  if (FAILED(hr)) return hr;
  if (tempSize != 0) table.p->BindTemporaryResource(&tempBinding);
  if (persistentSize != 0) table.p->BindPersistentResource(&persistentBinding);
  std::vector<DML_BUFFER_BINDING> inBuffers(inputCount);
  std::vector<DML_BINDING_DESC> inBindings(inputCount);
  UINT next = 0;
  for (UINT i = 0; i < inputCount; ++i) {
    if (inputInfo[i].data != nullptr) {
      inBindings[i] = DML_BINDING_DESC{DML_BINDING_TYPE_NONE, nullptr};
      continue;
    }
    inBuffers[i] = DML_BUFFER_BINDING{inputs[next++], 0, inputInfo[i].bytes};
    inBindings[i] = DML_BINDING_DESC{DML_BINDING_TYPE_BUFFER, &inBuffers[i]};
  }
  table.p->BindInputs(inputCount, inBindings.data());
  std::vector<DML_BUFFER_BINDING> outBuffers(outputCount);
  std::vector<DML_BINDING_DESC> outBindings(outputCount);
  for (UINT i = 0; i < outputCount; ++i) {
    outBuffers[i] = DML_BUFFER_BINDING{outputs[i], 0, outputInfo[i].bytes};
    outBindings[i] = DML_BINDING_DESC{DML_BINDING_TYPE_BUFFER, &outBuffers[i]};
  }
  table.p->BindOutputs(outputCount, outBindings.data());
  recorder.p->RecordDispatch(list.p, compiled, table.p);
  D3D12_RESOURCE_BARRIER barrier = {};
  barrier.Type = D3D12_RESOURCE_BARRIER_TYPE_UAV;
  barrier.UAV.pResource = nullptr;
  list.p->ResourceBarrier(1, &barrier);
  return tcp_dml_execute(d3d, queue, alloc.p, list.p);
}

}  // namespace
`

func cppList(vs []int64) string {
	parts := make([]string, len(vs))
	for i, v := range vs {
		parts[i] = fmt.Sprint(v)
	}
	return "{" + strings.Join(parts, ", ") + "}"
}

// cString is the C++ string literal of s (quote.CppString).
func cString(s string) string { return quote.CppString(s) }

// WriteCPP writes the module as a C++17 translation unit.
func WriteCPP(w io.Writer, m *Module) error {
	if m == nil {
		return errNilModule
	}
	var b strings.Builder
	fmt.Fprintf(&b, "// Generated by tcp-translate --mlir-to-dml-cpp")
	if m.Source != "" {
		fmt.Fprintf(&b, " from %s", quote.CppComment(quote.Abbrev(m.Source)))
	}
	fmt.Fprintf(&b, ". Do not edit.\n//\n// Minimum DirectML feature level: %s (%s).\n", m.MinLevel.Enum(), quote.CppComment(m.MinReason))
	b.WriteString("// Graphs (per function: tcp_dml_compile_<f> builds and compiles the DML_GRAPH_DESC;\n// tcp_dml_run_<f> initializes, binds and dispatches it once):\n")
	for _, g := range m.Graphs {
		fmt.Fprintf(&b, "//   %s: %d inputs, %d outputs, %d nodes\n", quote.CppComment(quote.SymbolAbbrev(g.Name)), len(g.Inputs), len(g.Outputs), len(g.Nodes))
	}
	fmt.Fprintf(&b, "//\n// Windows: link d3d12.lib and DirectML.lib. Linux syntax check (DirectX-Headers >= v1.614.1):\n")
	b.WriteString("//   g++ -std=c++17 -fsyntax-only -Wall -Wextra -Wno-unknown-pragmas -I\"$DXH\" -I\"$DXH/wsl/stubs\" this.cpp\n\n")
	fmt.Fprintf(&b, "#ifndef DML_TARGET_VERSION\n#define DML_TARGET_VERSION %s\n#endif\n\n", m.MinLevel.TargetVersion())
	b.WriteString(cppPrelude)
	for _, g := range dmlGUIDs {
		fmt.Fprintf(&b, "__CRT_UUID_DECL(%s, %s)\n", g[0], g[1])
	}
	b.WriteString("#endif\n\n#include <cstring>\n#include <vector>\n")
	b.WriteString(cppRuntime)
	fmt.Fprintf(&b, `
// tcp_dml_create_device creates the DirectML device for these graphs:
// DMLCreateDevice1 at the minimum feature level, then IDMLDevice1.
HRESULT tcp_dml_create_device(ID3D12Device* d3d, IDMLDevice1** out) {
  TcpDmlRef<IDMLDevice> device;
  HRESULT hr = DMLCreateDevice1(d3d, DML_CREATE_DEVICE_FLAG_NONE, %s, IID_PPV_ARGS(&device.p));
  if (FAILED(hr)) return hr;
  return device.p->QueryInterface(IID_PPV_ARGS(out));
}
`, m.MinLevel.Enum())
	for gi, g := range m.Graphs {
		writeGraphCPP(&b, g, gi)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// writeGraphCPP writes graph number gi. Its C++ names use Ident(g.Name),
// or _g<gi> when that is longer than 64 bytes (no Ident result has that
// form: "g<gi>" is a plain name, so Ident never escapes into it).
func writeGraphCPP(b *strings.Builder, g *Graph, gi int) {
	id := Ident(g.Name)
	if len(id) > 64 {
		id = fmt.Sprintf("_g%d", gi)
	}
	fmt.Fprintf(b, "\n// ---- %s (minimum %s)\n\n", quote.CppComment(quote.SymbolAbbrev(g.Name)), g.MinLevel.Enum())
	for i, in := range g.Inputs {
		if in.Data == nil {
			continue
		}
		fmt.Fprintf(b, "alignas(16) static const unsigned char tcp_dml_input%d_data_%s[%d] = {", i, id, len(in.Data))
		for k, x := range in.Data {
			if k%16 == 0 {
				b.WriteString("\n   ")
			}
			fmt.Fprintf(b, " 0x%02x,", x)
		}
		b.WriteString("\n};\n")
	}
	fmt.Fprintf(b, "static const TcpDmlBuffer tcp_dml_inputs_%s[%d] = {\n", id, len(g.Inputs))
	for i, in := range g.Inputs {
		data := "nullptr"
		if in.Data != nil {
			data = fmt.Sprintf("tcp_dml_input%d_data_%s", i, id)
		}
		fmt.Fprintf(b, "    {%s, %d, %s},  // %s %s\n", cString(in.Name), in.Desc.TotalTensorSizeInBytes, data, in.Desc.DataType, cppList(in.Desc.Sizes))
	}
	fmt.Fprintf(b, "};\nstatic const TcpDmlBuffer tcp_dml_outputs_%s[%d] = {\n", id, len(g.Outputs))
	for _, out := range g.Outputs {
		fmt.Fprintf(b, "    {%s, %d, nullptr},  // %s %s\n", cString(out.Name), out.Desc.TotalTensorSizeInBytes, out.Desc.DataType, cppList(out.Desc.Sizes))
	}
	b.WriteString("};\n\n")
	fmt.Fprintf(b, "HRESULT tcp_dml_compile_%s(IDMLDevice1* device, IDMLCompiledOperator** compiled) {\n", id)
	fmt.Fprintf(b, "  HRESULT hr = S_OK;\n  TcpDmlRef<IDMLOperator> ops[%d];\n", len(g.Nodes))
	for k, n := range g.Nodes {
		p := fmt.Sprintf("n%d", k)
		from := ""
		if l := LocString(n.Op); l != "" {
			from = " at " + quote.CppComment(quote.Abbrev(l))
		}
		fmt.Fprintf(b, "\n  // node %d: %s from %s%s\n", k, n.Info.Type, quote.CppComment(quote.Abbrev(SourceOp(n.Op))), from)
		var tensorRefs []string
		for i, t := range n.Tensors {
			tn := fmt.Sprintf("%s_%s", p, cppTensorName(n.Info.TensorField(i, len(n.Tensors))))
			fmt.Fprintf(b, "  UINT %s_sizes[%d] = %s;\n", tn, len(t.Sizes), cppList(t.Sizes))
			strides := "nullptr"
			if t.Strides != nil {
				fmt.Fprintf(b, "  UINT %s_strides[%d] = %s;\n", tn, len(t.Strides), cppList(t.Strides))
				strides = tn + "_strides"
			}
			fmt.Fprintf(b, "  DML_BUFFER_TENSOR_DESC %s_buffer = {%s, %s, %d, %s_sizes, %s, %d, 0};\n",
				tn, t.DataType.Enum(), t.Flags(), t.DimensionCount, tn, strides, t.TotalTensorSizeInBytes)
			fmt.Fprintf(b, "  DML_TENSOR_DESC %s = {DML_TENSOR_TYPE_BUFFER, &%s_buffer};\n", tn, tn)
			tensorRefs = append(tensorRefs, "&"+tn)
		}
		fields := tensorRefs
		if n.Info.TensorFields[0] == "InputTensors" {
			// An array of input descs: {InputCount, InputTensors, OutputTensor, ...}.
			k := len(tensorRefs) - 1
			var ins []string
			for _, r := range tensorRefs[:k] {
				ins = append(ins, strings.TrimPrefix(r, "&"))
			}
			fmt.Fprintf(b, "  DML_TENSOR_DESC %s_Inputs[%d] = {%s};\n", p, k, strings.Join(ins, ", "))
			fields = []string{fmt.Sprintf("/*InputCount*/ %d", k), p + "_Inputs", tensorRefs[k]}
		}
		for _, f := range n.Fields {
			switch f.Kind {
			case 0: // UInt
				fields = append(fields, fmt.Sprintf("/*%s*/ %d", f.CName, f.Scalar))
			case dml.Float:
				fields = append(fields, fmt.Sprintf("/*%s*/ %s", f.CName, cFloat(f.Float)))
			case 1, 2: // arrays
				ctype := "UINT"
				if f.Kind == 2 {
					ctype = "INT"
				}
				an := fmt.Sprintf("%s_%s", p, f.CName)
				fmt.Fprintf(b, "  %s %s[%d] = %s;\n", ctype, an, len(f.Array), cppList(f.Array))
				fields = append(fields, an)
			default:
				fields = append(fields, fmt.Sprintf("/*%s*/ nullptr", f.CName))
			}
		}
		fmt.Fprintf(b, "  %s %s_desc = {%s};\n", n.Info.DescStruct, p, strings.Join(fields, ", "))
		fmt.Fprintf(b, "  DML_OPERATOR_DESC %s_op = {%s, &%s_desc};\n", p, n.Info.Type, p)
		fmt.Fprintf(b, "  hr = device->CreateOperator(&%s_op, IID_PPV_ARGS(&ops[%d].p));\n  if (FAILED(hr)) return hr;\n", p, k)
		fmt.Fprintf(b, "  DML_OPERATOR_GRAPH_NODE_DESC %s_node = {ops[%d].p, %s};\n", p, k, cString(n.Name))
	}
	fmt.Fprintf(b, "\n  DML_GRAPH_NODE_DESC nodes[%d] = {\n", len(g.Nodes))
	for k := range g.Nodes {
		fmt.Fprintf(b, "      {DML_GRAPH_NODE_TYPE_OPERATOR, &n%d_node},\n", k)
	}
	b.WriteString("  };\n")
	edgeArray := func(kind, typ string, descs []string) string {
		if len(descs) == 0 {
			return "nullptr"
		}
		fmt.Fprintf(b, "  DML_GRAPH_EDGE_DESC %sEdges[%d] = {\n", kind, len(descs))
		for _, d := range descs {
			fmt.Fprintf(b, "      {%s, &%s},\n", typ, d)
		}
		b.WriteString("  };\n")
		return kind + "Edges"
	}
	var ins, outs, mids []string
	for i, e := range g.InputEdges {
		fmt.Fprintf(b, "  DML_INPUT_GRAPH_EDGE_DESC in%d = {%d, %d, %d, %s};\n", i, e.GraphInputIndex, e.ToNodeIndex, e.ToNodeInputIndex, cString(e.Name))
		ins = append(ins, fmt.Sprintf("in%d", i))
	}
	for i, e := range g.OutputEdges {
		fmt.Fprintf(b, "  DML_OUTPUT_GRAPH_EDGE_DESC out%d = {%d, %d, %d, %s};\n", i, e.FromNodeIndex, e.FromNodeOutputIndex, e.GraphOutputIndex, cString(e.Name))
		outs = append(outs, fmt.Sprintf("out%d", i))
	}
	for i, e := range g.IntermediateEdges {
		fmt.Fprintf(b, "  DML_INTERMEDIATE_GRAPH_EDGE_DESC mid%d = {%d, %d, %d, %d, %s};\n", i, e.FromNodeIndex, e.FromNodeOutputIndex, e.ToNodeIndex, e.ToNodeInputIndex, cString(e.Name))
		mids = append(mids, fmt.Sprintf("mid%d", i))
	}
	inArr := edgeArray("input", "DML_GRAPH_EDGE_TYPE_INPUT", ins)
	outArr := edgeArray("output", "DML_GRAPH_EDGE_TYPE_OUTPUT", outs)
	midArr := edgeArray("intermediate", "DML_GRAPH_EDGE_TYPE_INTERMEDIATE", mids)
	fmt.Fprintf(b, "  DML_GRAPH_DESC graph = {%d, %d, %d, nodes, %d, %s, %d, %s, %d, %s};\n",
		len(g.Inputs), len(g.Outputs), len(g.Nodes), len(ins), inArr, len(outs), outArr, len(mids), midArr)
	b.WriteString("  return device->CompileGraph(&graph, DML_EXECUTION_FLAG_NONE, IID_PPV_ARGS(compiled));\n}\n\n")
	fmt.Fprintf(b, `// tcp_dml_run_%[1]s compiles %[2]s and runs it once: inputs are the %[3]d
// non-constant graph inputs, outputs the %[4]d outputs (default-heap
// buffers in the UNORDERED_ACCESS state, sizes as in tcp_dml_inputs_%[1]s
// and tcp_dml_outputs_%[1]s).
HRESULT tcp_dml_run_%[1]s(ID3D12Device* d3d, ID3D12CommandQueue* queue, IDMLDevice1* device,
    ID3D12Resource* const* inputs, ID3D12Resource* const* outputs) {
  TcpDmlRef<IDMLCompiledOperator> compiled;
  HRESULT hr = tcp_dml_compile_%[1]s(device, &compiled.p);
  if (FAILED(hr)) return hr;
  return tcp_dml_run(d3d, queue, device, compiled.p, tcp_dml_inputs_%[1]s, %[5]d, tcp_dml_outputs_%[1]s, %[4]d, inputs, outputs);
}
`, id, quote.CppComment(quote.SymbolAbbrev(g.Name)), nonConst(g), len(g.Outputs), len(g.Inputs))
}

// cFloat spells a FLOAT literal exactly ("4.0f", "1e+30f").
func cFloat(v float64) string {
	t := strconv.FormatFloat(v, 'g', -1, 32)
	if !strings.ContainsAny(t, ".eEn") {
		t += ".0"
	}
	return t + "f"
}

func nonConst(g *Graph) int {
	n := 0
	for _, in := range g.Inputs {
		if in.Data == nil {
			n++
		}
	}
	return n
}

// cppTensorName turns a desc field name ("InputTensor", "InputTensors[2]")
// into an identifier fragment ("Input", "Input2").
func cppTensorName(field string) string {
	f := strings.TrimSuffix(field, "Tensor")
	f = strings.Replace(f, "Tensors[", "", 1)
	return strings.TrimSuffix(f, "]")
}
